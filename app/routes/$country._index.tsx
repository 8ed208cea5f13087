// The country's home page (/{country}) is the catch-all with an empty slug: the `home` story.
export { loader, meta, headers, default } from "./$country.$";
