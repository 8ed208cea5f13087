import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/image";
import { ResolvedAnchor, SmartLink } from "~/components/smart-link";
import { CountrySwitch } from "./country-switch";
import type { MegaMenuProps } from "./mega-menu";
import { BACK_LABEL, detailId, triggerId } from "./mega-menu-ids";
import { hasPanel, type MenuEntry } from "./mega-menu-model";

/*
 * The mega menu's lists and panels (mega-menu.tsx renders them): the server renders them with the
 * page, the browser keeps that HTML and loads this module on the first intent.
 */

function Chevron({ back = false }: { back?: boolean }) {
  return (
    <svg className="mega-menu__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={back ? "M10 3L5 8l5 5" : "M6 3l5 5-5 5"} stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}

export interface BodyProps extends MegaMenuProps {
  enhanced: boolean;
  drilled: boolean;
  onSelect: (entry: MenuEntry) => void;
  onBack: () => void;
}

export function MenuBody({ menu, enquire, countrySwitchLabel, footer, activeId, enhanced, drilled, onSelect, onBack }: BodyProps) {
  const entry = (e: MenuEntry, model: boolean) => (
    <Entry key={e.id} entry={e} model={model} enhanced={enhanced} active={activeId === e.id} onSelect={onSelect} onBack={onBack} />
  );
  return (
    <div className="container mega-menu__body" data-drilled={drilled ? "" : undefined}>
      <div className="mega-menu__lists">
        {menu.primary.length > 0 ? (
          <nav aria-label="Main" className="mega-menu__primary">
            <ul className="mega-menu__list">{menu.primary.map((e) => entry(e, false))}</ul>
          </nav>
        ) : null}
        {menu.modelLines.length > 0 ? (
          <nav className="mega-menu__models" aria-labelledby={menu.modelLineHeading ? "mega-menu-models-heading" : undefined}>
            {menu.modelLineHeading ? (
              <h2 id="mega-menu-models-heading" className="mega-menu__heading">
                {menu.modelLineHeading}
              </h2>
            ) : null}
            <ul className="mega-menu__list mega-menu__list--models">{menu.modelLines.map((e) => entry(e, true))}</ul>
          </nav>
        ) : null}
        <div className="mega-menu__secondary">
          {menu.secondary.length > 0 ? (
            <ul className="mega-menu__secondary-links">
              {menu.secondary.map((link) => (
                <li key={link.id}>
                  <ResolvedAnchor resolved={link.link}>{link.label}</ResolvedAnchor>
                </li>
              ))}
            </ul>
          ) : null}
          {enquire ? (
            <ResolvedAnchor resolved={enquire.link} className="button button--sm button--primary mega-menu__enquire">
              {enquire.label}
            </ResolvedAnchor>
          ) : null}
          <ul className="mega-menu__legal">
            {footer?.cookies_label ? (
              <li>
                <SmartLink link={footer.cookies_link}>{footer.cookies_label}</SmartLink>
              </li>
            ) : null}
            {footer?.privacy_label ? (
              <li>
                <SmartLink link={footer.privacy_link}>{footer.privacy_label}</SmartLink>
              </li>
            ) : null}
            {countrySwitchLabel ? (
              <li>
                <CountrySwitch label={countrySwitchLabel} />
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </div>
  );
}

interface EntryProps {
  entry: MenuEntry;
  model: boolean;
  enhanced: boolean;
  active: boolean;
  onSelect: (entry: MenuEntry) => void;
  onBack: () => void;
}

function Entry({ entry, model, enhanced, active, onSelect, onBack }: EntryProps) {
  const thumb =
    model && entry.imageSmall ? (
      <ResponsiveImage asset={entry.imageSmall} width={160} height={90} sizes="160px" alt="" className="mega-menu__thumb" />
    ) : null;
  const label: ReactNode = (
    <>
      {thumb}
      <span className="mega-menu__trigger-label">{entry.title}</span>
    </>
  );
  if (!hasPanel(entry)) {
    return (
      <li className="mega-menu__entry">
        {entry.link ? (
          <ResolvedAnchor resolved={entry.link} className="mega-menu__trigger">
            {label}
          </ResolvedAnchor>
        ) : null}
      </li>
    );
  }
  if (!enhanced) {
    return (
      <li className="mega-menu__entry">
        <details suppressHydrationWarning name="mega-menu-entry" className="mega-menu__disclosure">
          <summary className="mega-menu__trigger">
            {label}
            <Chevron />
          </summary>
          <div className="mega-menu__detail">
            <EntryDetail entry={entry} />
          </div>
        </details>
      </li>
    );
  }
  return (
    <li className="mega-menu__entry" data-active={active ? "" : undefined}>
      <button
        id={triggerId(entry)}
        type="button"
        className="mega-menu__trigger"
        aria-expanded={active}
        aria-controls={detailId(entry)}
        onClick={() => onSelect(entry)}
      >
        {label}
        <Chevron />
      </button>
      <div id={detailId(entry)} className="mega-menu__detail" hidden={!active}>
        <button id={`${detailId(entry)}-back`} type="button" className="mega-menu__back" onClick={onBack}>
          <Chevron back />
          {BACK_LABEL}
        </button>
        <EntryDetail entry={entry} />
      </div>
    </li>
  );
}

function EntryDetail({ entry }: { entry: MenuEntry }) {
  return (
    <div className="mega-menu__detail-grid">
      <div className="mega-menu__detail-main">
        <h2 className="mega-menu__detail-title">
          {entry.link ? <ResolvedAnchor resolved={entry.link}>{entry.title}</ResolvedAnchor> : entry.title}
        </h2>
        {entry.tagLine ? <p className="mega-menu__tagline">{entry.tagLine}</p> : null}
        {entry.links.length > 0 ? (
          <ul className="mega-menu__links">
            {entry.links.map((link) => (
              <li key={link.id}>
                <ResolvedAnchor resolved={link.link}>{link.label}</ResolvedAnchor>
              </li>
            ))}
          </ul>
        ) : null}
        {entry.build ? (
          <ResolvedAnchor resolved={entry.build.link} className="button button--sm button--primary mega-menu__build">
            {entry.build.label}
          </ResolvedAnchor>
        ) : null}
      </div>
      {entry.imageLarge ? (
        <ResponsiveImage
          asset={entry.imageLarge}
          width={562}
          height={592}
          sizes="(min-width: 768px) 30vw, 100vw"
          className="mega-menu__image"
        />
      ) : null}
      {entry.tiles.length > 0 ? (
        <ul className="mega-menu__tiles">
          {entry.tiles.map((tile) => (
            <li key={tile.id} className="mega-menu__tile">
              {tile.image ? (
                <ResponsiveImage asset={tile.image} width={375} height={395} sizes="(min-width: 768px) 20vw, 50vw" className="mega-menu__tile-image" />
              ) : null}
              {tile.heading ? <h3 className="mega-menu__tile-heading">{tile.heading}</h3> : null}
              {tile.description ? <p className="mega-menu__tile-text">{tile.description}</p> : null}
              {tile.button ? (
                <ResolvedAnchor resolved={tile.button.link} className="button button--xs button--outline">
                  {tile.button.label}
                </ResolvedAnchor>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
