/** `_editable` markers of draft responses (pure). */
import { isJsonObject, type JsonObject, type JsonValue } from "./types";

export interface EditableContext {
  readonly spaceId: number;
  readonly storyId: number;
}

/** `<!--#storyblok#{"name": "<component>", "space": "<spaceId>", "uid": "<_uid>", "id": "<story id>"}-->` */
export function editableComment(component: string, uid: string, context: EditableContext): string {
  const fields = [
    ["name", component],
    ["space", String(context.spaceId)],
    ["uid", uid],
    ["id", String(context.storyId)],
  ]
    .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
    .join(", ");
  return `<!--#storyblok#{${fields}}-->`;
}

function blokIdentity(value: JsonObject): { component: string; uid: string } | null {
  const { component, _uid: uid } = value;
  if (typeof component !== "string") return null;
  if (typeof uid !== "string" && typeof uid !== "number") return null;
  return { component, uid: String(uid) };
}

/**
 * Returns a copy where every blok (object with `component` and `_uid`) carries `_editable`
 * (context given, draft) or has no `_editable` at all (context null, published).
 */
export function applyEditable(value: JsonValue, context: EditableContext | null): JsonValue {
  if (Array.isArray(value)) return value.map((item) => applyEditable(item, context));
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key !== "_editable" && child !== undefined) result[key] = applyEditable(child, context);
  }
  const blok = context ? blokIdentity(value) : null;
  if (context && blok) result._editable = editableComment(blok.component, blok.uid, context);
  return result;
}
