import { Fragment, type ReactNode } from "react";
import type { Blok, Country, RichText as RichTextDoc, RichTextNode } from "~/content/schema";
import { resolveHref, safeHref } from "~/content/links";
import { sitePath } from "~/content/site-path";
import { useSite } from "~/components/site-country";
import { useBlokRenderer } from "./blok-renderer";
import { ResponsiveImage } from "~/components/image";
import { IMAGE_SCREENS, intrinsicSize } from "~/lib/image-url";

type Mark = NonNullable<RichTextNode["marks"]>[number];

/** Renders a Storyblok richtext document. Unknown node types render their children. */
/** Widest rich-text image (px): the content column is never wider. */
const RICH_TEXT_IMAGE_MAX = IMAGE_SCREENS.xl;

export function RichText({ doc, className }: { doc: RichTextDoc | null | undefined; className?: string }) {
  const { country } = useSite();
  if (!doc || !Array.isArray(doc.content) || doc.content.length === 0) return null;
  return <div className={className ?? "richtext"}>{renderNodes(doc.content, country)}</div>;
}

/** A document's nodes without a wrapper (StaticRichText's wrapper is the one that keeps server HTML). */
export function RichTextNodes({ doc }: { doc: RichTextDoc }) {
  const { country } = useSite();
  return <>{renderNodes(doc.content, country)}</>;
}

/** True when a richtext document holds no text or blok. */
export function isRichTextEmpty(doc: RichTextDoc | null | undefined): boolean {
  if (!doc?.content) return true;
  const walk = (nodes: RichTextNode[]): boolean =>
    nodes.every((n) => {
      if (n.type === "text") return !n.text?.trim();
      if (n.type === "blok" || n.type === "image" || n.type === "horizontal_rule") return false;
      return walk(n.content ?? []);
    });
  return walk(doc.content);
}

function renderNodes(nodes: RichTextNode[] | undefined, country: Country): ReactNode {
  return (nodes ?? []).map((node, i) => <Fragment key={i}>{renderNode(node, country)}</Fragment>);
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function renderNode(node: RichTextNode, country: Country): ReactNode {
  const children = renderNodes(node.content, country);
  switch (node.type) {
    case "text":
      return applyMarks(node.text ?? "", node.marks ?? [], country);
    case "paragraph":
      return <p>{children}</p>;
    case "heading": {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level ?? 2)));
      const Tag = `h${level}` as "h2";
      return <Tag>{children}</Tag>;
    }
    case "bullet_list":
      return <ul>{children}</ul>;
    case "ordered_list":
      return <ol start={typeof node.attrs?.order === "number" ? node.attrs.order : undefined}>{children}</ol>;
    case "list_item":
      return <li>{children}</li>;
    case "blockquote":
      return <blockquote>{children}</blockquote>;
    case "horizontal_rule":
      return <hr />;
    case "hard_break":
      return <br />;
    case "code_block":
      return (
        <pre>
          <code>{children}</code>
        </pre>
      );
    case "image": {
      const src = str(node.attrs?.src);
      if (!src) return null;
      const alt = str(node.attrs?.alt) ?? "";
      // A Storyblok asset's URL tells its size: then the image has its dimensions (no layout
      // shift) and comes through the image service at the text column's width at most.
      const size = intrinsicSize(src);
      if (size && size.width > 0 && size.height > 0) {
        const width = Math.min(size.width, RICH_TEXT_IMAGE_MAX);
        const height = Math.round((size.height * width) / size.width);
        return <ResponsiveImage asset={{ filename: src, alt }} width={width} height={height} sizes={`(min-width: ${width}px) ${width}px, 100vw`} />;
      }
      return <img src={src} alt={alt} title={str(node.attrs?.title)} loading="lazy" />;
    }
    case "emoji":
      return str(node.attrs?.emoji) ?? str(node.attrs?.fallbackImage) ?? null;
    case "table":
      return (
        <table>
          <tbody>{children}</tbody>
        </table>
      );
    case "tableRow":
      return <tr>{children}</tr>;
    case "tableHeader":
      return <th>{children}</th>;
    case "tableCell":
      return <td>{children}</td>;
    case "blok": {
      const body = node.attrs?.body;
      return Array.isArray(body) ? <EmbeddedBloks bloks={body as Blok[]} /> : null;
    }
    default:
      return children;
  }
}

/** Bloks embedded in a text, through the renderer the blocks layer provides. */
function EmbeddedBloks({ bloks }: { bloks: readonly Blok[] }) {
  const render = useBlokRenderer();
  return render ? <>{render(bloks)}</> : null;
}

function applyMarks(text: string, marks: Mark[], country: Country): ReactNode {
  return marks.reduce<ReactNode>((inner, mark) => {
    const a = mark.attrs ?? {};
    switch (mark.type) {
      case "bold":
        return <strong>{inner}</strong>;
      case "italic":
        return <em>{inner}</em>;
      case "strike":
        return <s>{inner}</s>;
      case "underline":
        return <u>{inner}</u>;
      case "code":
        return <code>{inner}</code>;
      case "superscript":
        return <sup>{inner}</sup>;
      case "subscript":
        return <sub>{inner}</sub>;
      case "highlight":
        return <mark>{inner}</mark>;
      case "anchor":
        return <span id={str(a.id)}>{inner}</span>;
      case "link":
        return <RichTextLink attrs={a} country={country}>{inner}</RichTextLink>;
      case "textStyle": {
        const color = safeColor(a.color);
        return color ? <span style={{ color }}>{inner}</span> : inner;
      }
      case "styled": {
        const className = safeClassNames(a.class);
        return className ? <span className={className}>{inner}</span> : inner;
      }
      default:
        return inner;
    }
  }, text);
}

/** Colours written as the editor's picker writes them: hex, rgb()/rgba() of numbers, or a colour name. */
const SAFE_COLOR = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)|[a-z]{3,20})$/i;

/** A textStyle colour that cannot leave its CSS value (no `;`, `url(`, `var(`, quotes); else undefined. */
export function safeColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  return SAFE_COLOR.test(color) ? color : undefined;
}

/** A styled mark's classes, each kept to class-name characters (letters, digits, `-`, `_`, not starting with a digit). */
export function safeClassNames(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const names = value
    .split(/\s+/)
    .filter((name) => /^-?[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(name))
    .slice(0, 8);
  return names.length ? names.join(" ") : undefined;
}

function RichTextLink({
  attrs,
  country,
  children,
}: {
  attrs: Record<string, unknown>;
  country: Country;
  children: ReactNode;
}) {
  const linktype = str(attrs.linktype) ?? "url";
  const anchor = str(attrs.anchor) ? `#${str(attrs.anchor)}` : "";
  const target = str(attrs.target);
  let href = str(attrs.href) ?? "";
  if (linktype === "email") href = `mailto:${href.replace(/^mailto:/, "")}`;
  else if (linktype === "story") {
    // The linked story's current path (resolve_links, by uuid) follows a moved story; the stored href is the fallback.
    const current = (attrs.story as { full_slug?: unknown } | undefined)?.full_slug;
    const path = typeof current === "string" && current !== "" ? current : href;
    href = `${sitePath(country, path)}${anchor}`;
  } else if (linktype !== "asset") href = resolveHref(href, country)?.href ?? "";
  const safe = safeHref(href);
  if (!safe) return <>{children}</>;
  return (
    <a href={safe} target={target} rel={target === "_blank" ? "noopener noreferrer" : undefined}>
      {children}
    </a>
  );
}
