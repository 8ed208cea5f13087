import { Blocks } from "~/blocks/blocks";
import { BlokNoticesContext } from "~/blocks/failures";
import { countryPath } from "~/content/links";
import type { Blok, Country } from "~/content/schema";
import type { GalleryEntry, GalleryExample } from "./block-gallery.server";
import { sitePath } from "~/content/site-path";

if (import.meta.env) import.meta.glob("../../styles/block-gallery.css", { eager: true });

const PLACE: Record<GalleryExample["place"], string> = {
  top: "a block of the page",
  nested: "inside another block",
  root: "the story's content type",
};

function Example({ example, country }: { example: GalleryExample; country: Country }) {
  const other = country === "au" ? "nz" : "au";
  return (
    <div className="block-gallery__example">
      <p className="container block-gallery__source">
        Example from <a href={sitePath(country, example.story.full_slug)}>{example.story.name}</a> ({PLACE[example.place]})
      </p>
      {example.place === "root" ? (
        <p className="container">This block is a content type: open the story to see it rendered.</p>
      ) : example.visible ? (
        // Editors see a notice on an example that fails (its schema, or its rendering).
        <BlokNoticesContext.Provider value={true}>
          <Blocks bloks={[example.blok as Blok]} />
        </BlokNoticesContext.Provider>
      ) : (
        <p className="container">
          This example is shown on the <a href={countryPath(other, "_blocks")}>{other.toUpperCase()} site</a> only.
        </p>
      )}
    </div>
  );
}

/** The block gallery: every registered block, its fields and its examples from the content. */
export function BlockGalleryView({ entries, country }: { entries: readonly GalleryEntry[]; country: Country }) {
  return (
    <div className="block-gallery">
      <div className="container block-gallery__intro">
        <h1>Block gallery</h1>
        <p>
          Every registered block with its fields and its examples from the content ({entries.length} blocks). For editors:
          this page is not indexed.
        </p>
        <nav aria-label="Blocks">
          <ul className="block-gallery__index">
            {entries.map((entry) => (
              <li key={entry.name}>
                <a href={`#block-${entry.name}`}>{entry.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {entries.map((entry) => (
        <section key={entry.name} id={`block-${entry.name}`} className="block-gallery__entry" aria-labelledby={`block-${entry.name}-title`}>
          <div className="container">
            <h2 id={`block-${entry.name}-title`}>
              <code>{entry.name}</code>
            </h2>
            <table className="block-gallery__fields">
              <caption>Fields of {entry.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">Required</th>
                </tr>
              </thead>
              <tbody>
                {entry.fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">
                      <code>{field.name}</code>
                    </th>
                    <td>{field.type}</td>
                    <td>{field.required ? "Required" : "Optional"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {entry.examples.length === 0 ? <p>No example of this block in the content yet.</p> : null}
          </div>
          {entry.examples.map((example) => (
            <Example key={`${example.story.full_slug}:${example.blok._uid}`} example={example} country={country} />
          ))}
        </section>
      ))}
    </div>
  );
}
