/**
 * Work shared by the block loaders of one page (BlockLoaderArgs.once). loadBlockData makes one
 * memo per call, that is per page, and hands it to every loader it runs: the first loader to ask
 * for a key runs `compute`, the others get the same promise. Blocks of one page that show the same
 * data (a model page's car detail and colour selector) then hold the very same objects, which the
 * page's data carries once (Remix's encoding writes a repeated object as a reference). Another
 * page, another visitor, starts afresh.
 *
 * Keys name what they compute (e.g. "vehicle-line|au|VIC|false|<uuid>"): one key, one kind of
 * result. A failure is shared too (the promise rejects for every loader that asked).
 */
export type PageMemo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** A new memo, for one page. No imports: tests and loaders can make one cheaply. */
export function createPageMemo(): PageMemo {
  const results = new Map<string, Promise<unknown>>();
  return <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    let result = results.get(key) as Promise<T> | undefined;
    if (!result) results.set(key, (result = compute()));
    return result;
  };
}
