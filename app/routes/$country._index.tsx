// The country's home page (/{country}) is the catch-all with an empty slug: the `home` story, and
// its action, so a form block on the home page posts without JavaScript like on any other page.
export { loader, action, meta, headers, default } from "./$country.$";
