import { describe, expect, it } from "vitest";
import { mediaKind } from "~/lib/media-kind";
import { b, parse, renderBlocks } from "../blocks/render";

// Spec site.md section 5: images jpg, jpeg, png, gif, webp; video mp4, webm, ogg, mov (card and
// panel links, media fields). transactional.md section 2: a button's link to mp4, avi, mkv, mov,
// wmv, flv or webm does not navigate (it plays in the video modal).

const asset = (url: string) => ({ linktype: "asset", url, cached_url: url });

/** Whether the rendered link plays in the video modal (a click does not navigate). */
function playsInModal(html: string, name: string): boolean {
  const link = [...parse(html).querySelectorAll("a")].find((a) => a.textContent?.trim() === name);
  if (!link) throw new Error(`no link ${name}`);
  return link.hasAttribute("data-video-modal");
}

describe("media by extension", () => {
  it("recognises images and videos by extension, case and query aside", () => {
    for (const ext of ["jpg", "jpeg", "png", "gif", "webp"]) expect(mediaKind(`/media/a.${ext.toUpperCase()}?w=1`)).toBe("image");
    for (const ext of ["mp4", "webm", "ogg", "mov"]) expect(mediaKind(`/media/a.${ext}#t=2`)).toBe("video");
    for (const ext of ["avi", "mkv", "wmv", "flv", "pdf", "svg"]) expect(mediaKind(`/media/a.${ext}`)).toBeNull();
  });

  it("a card's link to a video file (mp4, webm, ogg, mov) plays in the modal; other files are plain links", () => {
    const cards = ["mp4", "webm", "ogg", "mov", "avi", "pdf"].map((ext) => b("card", { heading: `Card ${ext}`, cardLink: asset(`/media/clip.${ext}`) }));
    const html = renderBlocks([b("grid-blocks", { items: cards })]);
    for (const ext of ["mp4", "webm", "ogg", "mov"]) expect(playsInModal(html, `Card ${ext}`)).toBe(true);
    for (const ext of ["avi", "pdf"]) expect(playsInModal(html, `Card ${ext}`)).toBe(false);
  });

  it("a button's link to mp4, avi, mkv, mov, wmv, flv or webm does not navigate; ogg and others do", () => {
    const exts = ["mp4", "avi", "mkv", "mov", "wmv", "flv", "webm", "ogg", "pdf"];
    const buttons = exts.map((ext) => b("button", { label: `Button ${ext}`, link: asset(`/media/clip.${ext}`) }));
    const html = renderBlocks([b("cta-panel", { heading: "Watch", buttons })]);
    for (const ext of ["mp4", "avi", "mkv", "mov", "wmv", "flv", "webm"]) expect(playsInModal(html, `Button ${ext}`)).toBe(true);
    for (const ext of ["ogg", "pdf"]) expect(playsInModal(html, `Button ${ext}`)).toBe(false);
  });
});
