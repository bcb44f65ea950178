/**
 * The version of the offline analyzer: the recognizer (rules + trained model), the relation
 * patterns and classifier, and the analysis steps around them. Each page record keeps the
 * version that read it (`Page.analyzerVersion`); the Pages view offers to re-read pages
 * read by an older version (`page_reread`), so a better model reaches pages already captured.
 *
 * Bump it with any change that makes the analysis of the same text find other entities or
 * relations (a retrained model, a new pattern, a threshold). 1 is the first recorded
 * version; pages captured before versions were recorded count as 0. 2: relation rules read
 * names the sentence calls products ("their Ryzen PRO processors"), people who built a
 * thing, seats of any name, "powered by" (shared relation vocabulary). 3: places in a
 * country by its demonym, seats by "based in"/brackets/appositions, names coordinated before
 * a trigger, hires "as" a role, attributions and "who runs", product nouns in apposition,
 * heads of state by demonym, "is a <name> application". 4: model spans cut at clause verbs
 * ("Pega Infinity is Pegasystems"); lower-case software names by their cues; typing by
 * examples ("apps like …"), list heads, institutions' spokespeople, laws, brand head words and
 * service nouns; founders' titles, owners' possessives, appointments, asides in brackets,
 * spouses, no job from a past title, "built on … called X". 5: an organization word the model
 * left after a name joins it ("Dana F. Besecker Company"); an executive title is cut off the
 * name before it ("Pega VP"); a company's short form joins its name ("Pega" for Pegasystems); a
 * name in apposition with a device noun is a product ("its robot, Spot"), with a firm noun a
 * company; a seat after an introductory phrase ("Since then, the firm, based in …"); "I"
 * as the page's author ("I work at Voodoo"); business terms in capitals are no names. 6: a
 * table cell's text ends with a separator (two cells are never one name); generic terms in
 * capitals ("CPU", "SDKs") are no names; the learned keep stage (keep/) drops names it judges
 * not to be names of the article. 7: the recognizer retrained with weak labels from corpus
 * pages outside the check set's sites, wikigold and Re-DocRED (tooling/ner/README.md); a lone
 * word the model calls a person is a company's short form unless the page names someone with it.
 * 8: the keep stage reads code and protocol text, modifiers ("GPS-enabled"), lone everyday
 * words and first names, and words after an article; it keeps less junk (its threshold now
 * weighs a lost name like a kept junk name); a guessed item of a written list takes the type
 * the list's other items agree on; relations: an amount of money counts as one word between
 * two names ("raised about $40 million from backers like …"). 9: relations: a name lying
 * between two others counts as one word of the clause ("co-chair of the … Task Force at the …"),
 * and a name headed by an institution noun before "for"/"of" ("the … Center for …") is an
 * institution, so a job at it is a job there as well as at the body it sits in. 10: a brand
 * whose logo comes from a code host is a technology; a guessed person of everyday words ("Secure
 * Boot") is none; an everyday word capitalized only at sentence or item starts, the plural of an
 * acronym ("CEOs") and a date ("Aug. 23") are no names; a name written as code ("OS.File") is a
 * technology; the recognizers read the sentences of one splitter (src/nlp). 11: four rule
 * families worth nothing on the check set removed (`npm run eval:ablate`): team sense on sports
 * pages, the byline filter, the fuller organization form ("X Group" shown for "X") and code-shaped
 * names typed technology; the rule recognizer fills the model's gaps only with name-shaped
 * spans (a rare word, a digit, an acronym, an inner capital), not runs of English words; the
 * first-generation relation patterns are gone (the trigger rules read what they read, and a
 * description right before a name, "acquired the startup X", is that name's).
 * 12: a sentence-opening "The" before a name and its link word ("The Seattle-based …") is no
 * longer read as part of the place or owner's name.
 * 13: the recognizer retrained with 130 annotated pages labelled from their gold (the dev gold
 * and `bench/train-pages`: names with their types, what the annotator called no name `O`),
 * beside the weak labels of the other corpus pages.
 * 14: nationalities, faiths, deities and a family in the plural are no entities (`group-words`);
 * ranks, ordinals, centuries and numbered parts ("No. 1", "21st Century", "Verse 2") are no
 * names; the authors of readers' comments (schema.org `Comment`) are furniture; a name only the
 * rule recognizer read, filling the model's gaps, is kept when the page writes it twice or a cue
 * read it (`fallback-evidence`); Twitter and Wikipedia are listed as services (products); a
 * title the article sets in italics is a work (`italic-works`; a product on a page about games,
 * a company when the page quotes it as news).
 * 15: a name ending in a building's or a structure's head noun is a place ("Velmont Stadium",
 * "North Quay Bridge"); an institution's name read in pieces across "for a", "for the", "of the"
 * or a coordination is one organization (`org-names`: "Center for Strategic and Maritime Studies");
 * a name after a work noun ("the film X", "X, a novel by", "albums like X") is a work; the people
 * of a place the page names ("New Yorkers"), a photo credit ("Ada Quinn/Reuters") and titles or
 * everyday abbreviations in capitals ("CMO", "SEO", "the ICU") are no entities.
 */
export const ANALYZER_VERSION = 15;
