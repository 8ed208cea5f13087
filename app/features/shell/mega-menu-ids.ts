import type { MenuEntry } from "./mega-menu-model";

/** The spec's label of the drill-down's way up. */
export const BACK_LABEL = "Back";

/** Element ids of the enhanced menu: an entry's button and its panel (with `-back` for Back). */
export const triggerId = (entry: MenuEntry) => `mega-menu-trigger-${entry.id}`;
export const detailIdOf = (id: string) => `mega-menu-detail-${id}`;
export const detailId = (entry: MenuEntry) => detailIdOf(entry.id);
