// The article, not the page furniture: a page whose article container also holds a
// newsletter box and a "Most popular" rail of other stories' headlines (plain divs and a
// list, no telling class names) is captured through the extension; the graph then holds
// the article's names and none of the box's or the rail's (src/extract/article/furniture.ts).
import { CaptureRig } from '../support/capture';
import { expect, test } from '../support/fixtures';

interface SearchResult {
  readonly name: string;
  readonly entity_type: string;
}

/** Names the article's prose gives (article/furniture.html). */
const ARTICLE = ['Brindle Kettle Works', 'Mira Osk', 'Teo Vance', 'Ostrava Cooperative', 'Elin Sorvik', 'Corvel Metals'];
/** Names only the newsletter box and the rail give: captured without the post-pass, absent with it. */
const FURNITURE = [
  'Morning Lark',
  'Tova Ingram',
  'Harrowgate Media',
  'Dunmore Freight',
  'Gorse Bank',
  'Pellham',
  'Harbin Labs',
  'Wendeline Okoro',
];

test('a related-stories rail and a newsletter box inside the article feed nothing to the graph', async ({
  context,
  extensionId,
  capture,
}) => {
  const rig = new CaptureRig(context, extensionId);
  await capture('article/furniture.html');
  await expect.poll(() => rig.pending(), { timeout: 30_000 }).toBe(0);
  const search = (query: string) => rig.tool<{ results: SearchResult[] }>('entity_search', { query });

  // Ingestion finishes after the inbox row is taken: wait for the article's first name.
  await expect.poll(async () => (await search('Brindle Kettle Works')).results[0]?.name, { timeout: 20_000 }).toBe('Brindle Kettle Works');
  for (const name of ARTICLE)
    expect(
      (await search(name)).results.map((r) => r.name),
      name,
    ).toContain(name);
  for (const name of FURNITURE)
    expect(
      (await search(name)).results.filter((r) => r.name === name),
      name,
    ).toEqual([]);
});

test('a title set in italics is stored as a work, and readers’ comments give no people', async ({ context, extensionId, capture }) => {
  const rig = new CaptureRig(context, extensionId);
  await capture('article/works-and-comments.html');
  await expect.poll(() => rig.pending(), { timeout: 30_000 }).toBe(0);
  const search = (query: string) => rig.tool<{ results: SearchResult[] }>('entity_search', { query });
  const found = async (name: string) => (await search(name)).results.find((r) => r.name === name);

  await expect.poll(async () => (await found('Marta Velasquez'))?.entity_type, { timeout: 20_000 }).toBe('person');
  expect((await found('The Quiet Harbor'))?.entity_type).toBe('other');
  expect((await found('Seven Lanterns for Winter'))?.entity_type).toBe('other');
  for (const commenter of ['Osric Pellweather', 'Hedda Morrow']) expect(await found(commenter), commenter).toBeUndefined();
});
