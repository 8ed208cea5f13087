import type { MouseEventHandler, ReactNode } from "react";
import { resolveLink, type ResolvedLink } from "~/content/links";
import type { Link } from "~/content/schema";
import { useSite } from "~/components/site-country";

interface SmartLinkProps {
  link: Link | string | null | undefined;
  className?: string;
  children: ReactNode;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  "aria-label"?: string;
  "aria-haspopup"?: "dialog";
  /** data-* attributes for document-wide behaviour (e.g. app/components/document-actions.tsx). */
  [data: `data-${string}`]: string | undefined;
}

/** An anchor for a resolved link: pages open as documents; a new tab keeps its opener out. */
export function ResolvedAnchor({
  resolved,
  children,
  ...rest
}: Omit<SmartLinkProps, "link"> & { resolved: ResolvedLink }) {
  return (
    <a href={resolved.href} target={resolved.target} rel={resolved.target === "_blank" ? "noopener noreferrer" : undefined} {...rest}>
      {children}
    </a>
  );
}

/** A CMS link rendered for the current country; renders nothing when the link is empty. */
export function SmartLink({ link, children, ...rest }: SmartLinkProps) {
  const { country } = useSite();
  const resolved = resolveLink(link, country);
  if (!resolved) return null;
  return (
    <ResolvedAnchor resolved={resolved} {...rest}>
      {children}
    </ResolvedAnchor>
  );
}
