/**
 * Downloads in the browser (the enhanced path; without JavaScript the same requests are a form
 * post and a link). A failure is only logged (spec site.md section 8).
 */

export const DOWNLOAD_ZIP_URL = "/api/download/index";

/** The per-asset download URL of the event gallery. */
export function assetDownloadUrl(url: string): string {
  return `/api/download/asset?url=${encodeURIComponent(url)}`;
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The file name of a Content-Disposition header, else the fallback. */
export function dispositionName(header: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? "");
  return match?.[1] ?? fallback;
}

/** images.zip of the images; false (and 'Failed to download images' logged) on failure. */
export async function downloadImagesZip(images: readonly string[], fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(DOWNLOAD_ZIP_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/zip" },
      body: JSON.stringify({ images }),
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    saveBlob(await res.blob(), "images.zip");
    return true;
  } catch (error) {
    console.error("Failed to download images", error);
    return false;
  }
}

/** One asset as a file; false (and 'Failed to download asset' logged) on failure. */
export async function downloadAsset(url: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(assetDownloadUrl(url));
    if (!res.ok) throw new Error(`status ${res.status}`);
    const fallback = url.split(/[?#]/)[0]?.split("/").pop() || "download";
    saveBlob(await res.blob(), dispositionName(res.headers.get("Content-Disposition"), fallback));
    return true;
  } catch (error) {
    console.error("Failed to download asset", error);
    return false;
  }
}
