import type { Writable } from "node:stream";

/**
 * Output of the command-line tools (npm run leads). On Linux a pipe (`| gzip`, `| head`) takes
 * process.stdout's writes asynchronously: the kernel's pipe buffer (64 KB) takes the first part at
 * once and the rest waits in Node's queue, so a tool that calls process.exit() right after
 * write() loses it. These helpers wait until the data has been handed to the operating system, and
 * report a reader that went away (EPIPE) as an error instead of a silent truncation.
 */

/** Writes `data` and resolves once it has all been handed on; rejects when the output fails (EPIPE). */
export function writeFully(stream: Writable, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error | null) => {
      if (settled) return;
      settled = true;
      // On failure the listener stays: the stream emits the same error again after the callback,
      // and an 'error' event nobody listens to would crash the process with a stack trace.
      if (error) reject(error);
      else {
        stream.off("error", settle);
        resolve();
      }
    };
    // The stream may report the failure as an event, to the callback, or both.
    stream.on("error", settle);
    if (stream.destroyed || stream.writableEnded) {
      settle(Object.assign(new Error("the output is closed"), { code: "EPIPE" }));
      return;
    }
    stream.write(data, settle);
  });
}

/** Resolves once everything written to the stream so far has been handed on, or it has failed. */
export function drained(stream: Writable): Promise<void> {
  return writeFully(stream, "").catch(() => {});
}

/** True for the error of writing to a pipe whose reader has gone (`| head` that has had enough). */
export function isBrokenPipe(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED";
}
