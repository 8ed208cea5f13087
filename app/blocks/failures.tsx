import { Component, createContext, useContext, useState, type ReactNode } from "react";
import type { Blok } from "~/content/schema";
import { useStoryMeta } from "~/content/story-context";
import { editable } from "~/components/editable";
import { isInvalidBlok } from "./invalid";

/**
 * One blok that fails never takes its page down. Two layers:
 *
 * - At content read, a blok that fails its schema becomes an invalid blok (app/blocks/parse.ts,
 *   invalid.ts), logged there with the story's slug: its component never runs.
 * - At render, each blok renders inside its own boundary:
 *   - On the server, React 18 has no error boundaries. Each blok marks itself on a per-request
 *     stack while it renders (`BlokTrack`), so the server entry knows which blok a render error
 *     came from; it logs it once (slug, _uid, component) and renders the document again with that
 *     blok failed (`BlokRenderScope.failed`). The page is a 200 with the rest of its content.
 *   - A failed blok renders an empty, hidden marker (`data-blok-failed`). During hydration the
 *     browser finds the marker and renders the same, so the blok's code never runs there either.
 *   - In the browser (client navigation, revalidation, the editor's live preview), a class error
 *     boundary (`BlokBoundary`) catches a blok that throws.
 * - Visitors get nothing for a failed blok; in the visual editor's preview and in the block
 *   gallery the editor sees a labelled notice on it (`BlokNotice`).
 */

/** The blok a server render error is attributed to. */
export interface BlokRef {
  uid: string;
  component: string;
  /** The story being rendered (its full slug), or "" outside a story. */
  slug: string;
}

/** Server-only, one per request: the bloks being rendered (innermost last) and those that failed. */
export interface BlokRenderScope {
  stack: BlokRef[];
  failed: Map<string, BlokRef>;
}

export function createBlokRenderScope(): BlokRenderScope {
  return { stack: [], failed: new Map() };
}

export const BlokRenderScopeContext = createContext<BlokRenderScope | null>(null);

/**
 * The innermost blok that was rendering when a server render error was thrown (the stack is read
 * synchronously in the renderer's error callback), or undefined for an error outside any blok. The
 * stack is cleared: after an error the renderer no longer pops it in step.
 */
export function takeRenderingBlok(scope: BlokRenderScope): BlokRef | undefined {
  const blok = scope.stack.at(-1);
  scope.stack.length = 0;
  return blok;
}

/** Marks a blok on the server's stack while its subtree renders (no-op in the browser). */
export function BlokTrack({ blok, children }: { blok: { _uid: string; component: string }; children: ReactNode }) {
  const scope = useContext(BlokRenderScopeContext);
  const story = useStoryMeta();
  // The server renders a component's children depth-first and synchronously, then its next
  // sibling: BlokTrackEnd runs once the blok's subtree has rendered without throwing.
  scope?.stack.push({ uid: blok._uid, component: blok.component, slug: story?.full_slug ?? "" });
  // The same tree on both sides (the browser has no scope): useId depends on the tree's shape.
  return (
    <>
      {children}
      <BlokTrackEnd scope={scope} />
    </>
  );
}

function BlokTrackEnd({ scope }: { scope: BlokRenderScope | null }) {
  scope?.stack.pop();
  return null;
}

/**
 * True when the server failed to render this blok (it rendered the failure marker instead). On
 * the server, from the request's scope; in the browser, from the markers in the server's HTML.
 */
export function useFailedOnServer(uid: string): boolean {
  const scope = useContext(BlokRenderScopeContext);
  const [inServerHtml] = useState(() => !scope && failedInServerHtml().has(uid));
  return scope ? scope.failed.has(uid) : inServerHtml;
}

let serverHtmlFailures: Set<string> | undefined;
/** The _uids of the failure markers in the server's HTML, read once (the page's HTML comes once). */
function failedInServerHtml(): Set<string> {
  if (typeof document === "undefined") return new Set();
  serverHtmlFailures ??= new Set([...document.querySelectorAll("[data-blok-failed]")].map((el) => el.getAttribute("data-blok-failed") ?? ""));
  return serverHtmlFailures;
}

/** Set where editors look at the bloks (the block gallery, a verified visual-editor preview): they see the notice on a failed blok. */
export const BlokNoticesContext = createContext(false);

export function useShowsBlokNotices(): boolean {
  return useContext(BlokNoticesContext);
}

export const BLOK_NOTICE_LABEL = "Block not shown";

/** The editor's notice on a blok that is not shown: its component, its _uid and why. */
export function BlokNotice({ blok }: { blok: { _uid: string; component: string } }) {
  const issues = isInvalidBlok(blok) ? blok._invalid : null;
  return (
    <div className="blok-notice container" role="note" aria-label={BLOK_NOTICE_LABEL}>
      <p>
        <strong>{BLOK_NOTICE_LABEL}:</strong> <code>{blok.component}</code> ({blok._uid}).{" "}
        {issues ? "Its fields do not match the block:" : "It failed to render (the error is in the server log). Visitors see the rest of the page."}
      </p>
      {issues ? (
        <ul>
          {issues.map((issue) => (
            <li key={issue}>
              <code>{issue}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * What a failed blok renders in its place, as its own wrapper: the editor's notice, else a hidden
 * empty marker (hydration then renders the same). A blok that failed its schema at content read
 * needs no marker (the data says so on both sides): nothing.
 */
export function FailedBlok({ blok, className }: { blok: { _uid: string; component: string; _editable?: string }; className: string }) {
  const notices = useShowsBlokNotices();
  if (notices) {
    return (
      <div data-blok-failed={blok._uid} {...editable(blok, className)}>
        <BlokNotice blok={blok} />
      </div>
    );
  }
  if (isInvalidBlok(blok)) return null;
  return <div hidden data-blok-failed={blok._uid} />;
}

function FailedInside({ blok }: { blok: { _uid: string; component: string } }) {
  return useShowsBlokNotices() ? <BlokNotice blok={blok} /> : null;
}

interface BoundaryProps {
  blok: Blok;
  /** True when two versions of the blok render alike (a revalidation brings new objects). */
  same: (a: Blok, b: Blok) => boolean;
  children: ReactNode;
}

/**
 * The browser's boundary around one blok: a blok that throws renders nothing (the notice for
 * editors) and the rest of the page stays. New content for the blok (the editor's live preview)
 * renders it again.
 */
export class BlokBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(`[blocks] Blok ${this.props.blok.component} (${this.props.blok._uid}) failed to render:`, error);
  }

  componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && !this.props.same(previous.blok, this.props.blok)) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <FailedInside blok={this.props.blok} /> : this.props.children;
  }
}
