import { useRef, useState } from "react";
import { useHydrated } from "~/islands/use-hydrated";
import { trackShare } from "../analytics";
import type { ResolvedBuild } from "../build";
import { BUILD_HANDOFF_TEXTS, testDriveHref } from "../handoff";
import type { BuildSummary } from "../summary";
import type { Catalogue } from "../types";

export const SUMMARY_TEXTS = {
  total: "Total",
  bookTestDrive: "Book a Test Drive",
  findDealer: "Find a Dealer",
  copyLink: "Copy link",
  copied: "Link copied",
  print: "Print summary",
  shareLink: BUILD_HANDOFF_TEXTS.link,
} as const;

/** The Summary step: the build's items and total, the test drive and dealer links, and sharing. */
export function SummaryStep(props: {
  catalogue: Catalogue;
  build: ResolvedBuild;
  summary: BuildSummary;
  shareHref: string;
  share: ReturnType<typeof useCopyLink>;
}) {
  const { catalogue, build, summary } = props;
  const { country, line } = catalogue;
  const model = build.model;
  return (
    <section className="config-summary" aria-labelledby="summary-heading">
      <h3 id="summary-heading" className="visually-hidden">
        {model?.name}
      </h3>
      <table className="config-summary__table">
        <caption className="visually-hidden">{model?.name}</caption>
        <tbody>
          {summary.items.map((item) => (
            <tr key={item.key} data-summary-item={item.key}>
              <th scope="row">{item.label}</th>
              <td>{item.name}</td>
              <td className="config-summary__price">{item.price}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {SUMMARY_TEXTS.total}
            </th>
            <td className="config-summary__price" data-summary-total="">
              {summary.totalText}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="config-summary__actions">
        <a className="button button--lg button--primary" href={testDriveHref(country, line, build)}>
          {SUMMARY_TEXTS.bookTestDrive}
        </a>
        <a className="button button--lg button--outline" href={`/${country}/dealer-locator`}>
          {SUMMARY_TEXTS.findDealer}
        </a>
      </div>
      <SummaryShare shareHref={props.shareHref} lineName={line.name} country={country} share={props.share} />
    </section>
  );
}

/**
 * Copy link: the share URL to the clipboard (a prompt to copy it where the clipboard is refused),
 * 'Link copied' for 3 s. Held by the page, so the message survives a step change as before.
 */
export function useCopyLink(shareHref: string, lineName: string, country: string) {
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<number | undefined>(undefined);
  const copyLink = async () => {
    const url = new URL(shareHref, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.clearTimeout(copyTimer.current);
      copyTimer.current = window.setTimeout(() => setCopied(false), 3000);
    } catch {
      window.prompt(SUMMARY_TEXTS.copyLink, url);
    }
    trackShare("copy_link", lineName, country);
  };
  return { copied, copyLink };
}

/** Copy link and Print with JavaScript; without it, the build's link to copy by hand. */
function SummaryShare(props: { shareHref: string; lineName: string; country: string; share: ReturnType<typeof useCopyLink> }) {
  const { shareHref, lineName, country, share } = props;
  const hydrated = useHydrated();
  return (
    <div className="config-summary__share no-print">
      {hydrated ? (
        <>
          <button type="button" className="button button--sm button--outline" onClick={share.copyLink}>
            {SUMMARY_TEXTS.copyLink}
          </button>
          <button
            type="button"
            className="button button--sm button--outline"
            onClick={() => {
              trackShare("print", lineName, country);
              window.print();
            }}
          >
            {SUMMARY_TEXTS.print}
          </button>
          <span role="status" className="config-summary__copied">
            {share.copied ? SUMMARY_TEXTS.copied : ""}
          </span>
        </>
      ) : (
        <a href={shareHref} className="config-summary__share-link">
          {SUMMARY_TEXTS.shareLink}
        </a>
      )}
    </div>
  );
}
