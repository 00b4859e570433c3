// Game collections are operator data (back office: catalogue → collections) with one name; their
// name per locale is content, so an operator translates them like every other text of the site:
// `global-components.gameCollections.<slug>` in content/<locale>/ (seeded for de and pt-br; en
// keeps the collection's own name, so a rename in the back office shows there at once). A
// collection without such a text keeps its own name in every locale.
import { translate } from "./translate";

type Named = { slug: string; name: string };

/** The content key of a collection's name in the current locale. */
export const collectionNameKey = (slug: string) => `global-components.gameCollections.${slug}`;

/** The collection's name in the locale of `content`, or its own name. */
export function collectionName(
  content: Record<string, Record<string, unknown>>,
  collection: Named,
): string {
  return translate(content, collectionNameKey(collection.slug), collection.name);
}

/** The collections with their names in the locale of `content`. */
export function localizeCollections<T extends Named>(
  collections: T[],
  content: Record<string, Record<string, unknown>>,
): T[] {
  return collections.map((collection) => ({
    ...collection,
    name: collectionName(content, collection),
  }));
}
