/**
 * Reference words of English, Russian, German, French and Spanish, for the upstream
 * hint extractor (`hints.ts`). The resolver itself never sees these words: it reads
 * the normalized hints they map to. A trailing `*` makes an entry a stem (prefix
 * match), which covers inflection (Russian cases, plurals, gender). Entries are
 * folded like user text (case, diacritics: "é" → "e", "й" → "и") when compiled.
 */
import type { OrdinalHint, TargetKindHint } from './kinds';

export const HINT_LANGUAGES = ['en', 'ru', 'de', 'fr', 'es'] as const;
export type HintLanguage = (typeof HINT_LANGUAGES)[number];

export interface LanguageLexicon {
  readonly kinds: Partial<Record<TargetKindHint, readonly string[]>>;
  /** "this", "current": the object on screen now (recency_hint currently_active). */
  readonly near: readonly string[];
  /** "that": a demonstrative without a position. */
  readonly far: readonly string[];
  /** Demonstratives that are only ever pronouns ("ceci", "esto"): a reference on their own. */
  readonly pronouns: readonly string[];
  readonly previous: readonly string[];
  readonly above: readonly string[];
  readonly here: readonly string[];
  readonly latest: readonly string[];
  readonly recent: readonly string[];
  readonly ordinals: Partial<Record<OrdinalHint, readonly string[]>>;
  readonly mine: readonly string[];
  readonly botOwned: readonly string[];
  /** Articles and "one": part of a reference phrase but not a reference by themselves. */
  readonly fillers: readonly string[];
  /** "merge", for the follow-up planner. */
  readonly merge: readonly string[];
}

export const LEXICONS: Readonly<Record<HintLanguage, LanguageLexicon>> = {
  en: {
    kinds: {
      poll: ['poll*', 'survey*', 'vote'],
      reminder: ['reminder*'],
      image: ['image*', 'picture*', 'photo*', 'screenshot*', 'img'],
      file: ['file*', 'document*', 'doc', 'docs'],
      article: ['article*', 'page*', 'site', 'website', 'post', 'webpage'],
      quote: ['quote*', 'citation*'],
      link: ['link*', 'url*'],
      video: ['video*'],
      voice: ['voice', 'audio*'],
      pdf: ['pdf*'],
      summary: ['summary', 'summaries', 'recap*', 'tldr'],
      answer: ['answer*', 'reply', 'replies', 'response*'],
      message: ['message*', 'msg', 'comment*'],
      entity: ['entity', 'entities', 'node*', 'card*'],
      company: ['company', 'companies', 'firm*', 'business*', 'corporation*', 'startup*', 'organization*', 'organisation*'],
      person: ['person', 'people', 'guy', 'man', 'woman'],
      technology: ['technolog*', 'tech', 'framework*', 'library', 'libraries', 'tool*'],
      product: ['product*'],
      location: ['place*', 'location*', 'city', 'cities', 'country', 'countries'],
    },
    near: ['this', 'these', 'current*'],
    far: ['that', 'those'],
    pronouns: ['it'],
    previous: ['previous*', 'prior', 'preceding'],
    above: ['above', 'earlier'],
    here: ['here'],
    latest: ['latest', 'newest'],
    recent: ['recent*'],
    ordinals: { first: ['first'], second: ['second'], last: ['last'] },
    mine: ['my', 'mine'],
    botOwned: ['your', 'yours'],
    fillers: ['the', 'a', 'an', 'one', 'ones'],
    merge: ['merge*', 'combine*', 'unify', 'dedupe*', 'deduplicate*'],
  },
  ru: {
    kinds: {
      poll: ['опрос*', 'голосовани*'],
      reminder: ['напоминани*', 'напоминалк*'],
      image: ['картинк*', 'изображени*', 'фото*', 'скриншот*', 'снимок', 'снимк*'],
      file: ['файл*', 'документ*'],
      article: ['стать*', 'страниц*', 'сайт*', 'пост', 'поста', 'посту', 'посте', 'посты'],
      quote: ['цитат*'],
      link: ['ссылк*'],
      video: ['видео*'],
      voice: ['голосов*', 'аудио*'],
      pdf: ['pdf*'],
      summary: ['резюме', 'сводк*', 'саммари', 'конспект*', 'выжимк*'],
      answer: ['ответ*'],
      message: ['сообщени*', 'комментари*'],
      entity: ['сущност*', 'карточк*'],
      company: ['компани*', 'фирм*', 'организаци*', 'стартап*'],
      person: ['человек*', 'персон*', 'люд*'],
      technology: ['технологи*', 'фреймворк*', 'библиотек*'],
      product: ['продукт*'],
      location: ['место', 'места', 'месте', 'город*', 'страна', 'страны', 'страну', 'стране', 'стран'],
    },
    near: ['этот', 'эта', 'эту', 'этои', 'этого', 'этому', 'этим', 'этом', 'эти', 'этих', 'текущ*'],
    far: ['тот', 'та', 'ту', 'того', 'том', 'те', 'тех'],
    pronouns: ['это', 'он', 'она', 'оно'],
    previous: ['предыдущ*', 'прошл*', 'прежн*'],
    above: ['выше'],
    here: ['здесь', 'тут'],
    latest: ['новеиш*'],
    recent: ['недавн*'],
    ordinals: { first: ['перв*'], second: ['втор*'], last: ['последн*'] },
    mine: ['мои', 'моя', 'мое', 'мою', 'моего', 'моеи', 'моему', 'моим', 'моих', 'моем'],
    botOwned: ['твои', 'твоя', 'твое', 'твою', 'твоего', 'твоеи', 'ваш*'],
    fillers: [],
    merge: ['объедин*', 'слеи', 'слеите', 'слить', 'смерж*', 'совмест*'],
  },
  de: {
    kinds: {
      poll: ['umfrage*', 'abstimmung*'],
      reminder: ['erinnerung*'],
      image: ['bild', 'bilder*', 'bildes', 'foto*', 'screenshot*'],
      file: ['datei*', 'dokument*'],
      article: ['artikel*', 'seite*', 'webseite*', 'website*', 'beitrag*'],
      quote: ['zitat*'],
      link: ['link*'],
      video: ['video*'],
      voice: ['sprachnachricht*', 'audio*'],
      pdf: ['pdf*'],
      summary: ['zusammenfassung*'],
      answer: ['antwort*'],
      message: ['nachricht*', 'kommentar*'],
      entity: ['entitat*', 'karte*'],
      company: ['firma', 'firmen', 'unternehmen*', 'konzern*', 'startup*'],
      person: ['person*', 'mensch*', 'leute'],
      technology: ['technologie*', 'framework*', 'bibliothek*'],
      product: ['produkt*'],
      location: ['ort', 'orte*', 'stadt', 'stadte', 'land', 'lander'],
    },
    near: ['dies*', 'aktuell*'],
    far: ['jene*'],
    pronouns: [],
    previous: ['vorherig*', 'vorig*'],
    above: ['oben', 'obig*'],
    here: ['hier'],
    latest: ['neueste*'],
    recent: ['kurzlich'],
    ordinals: { first: ['erste*'], second: ['zweite*'], last: ['letzte*'] },
    mine: ['mein', 'meine', 'meinen', 'meinem', 'meiner', 'meines'],
    botOwned: ['dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines'],
    fillers: ['der', 'die', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem'],
    merge: ['zusammenfuhr*', 'zusammen', 'verschmelz*', 'vereinig*', 'merge*'],
  },
  fr: {
    kinds: {
      poll: ['sondage*', 'vote*'],
      reminder: ['rappel*'],
      image: ['image*', 'photo*', 'capture*'],
      file: ['fichier*', 'document*'],
      article: ['article*', 'page*', 'site*'],
      quote: ['citation*'],
      link: ['lien*'],
      video: ['video*'],
      voice: ['vocal*', 'audio*'],
      pdf: ['pdf*'],
      summary: ['resume*', 'synthese*'],
      answer: ['reponse*'],
      message: ['message*', 'commentaire*'],
      entity: ['entite*', 'fiche*'],
      company: ['entreprise*', 'societe*', 'compagnie*', 'firme*', 'startup*'],
      person: ['personne*', 'gens'],
      technology: ['technologie*', 'framework*', 'bibliotheque*'],
      product: ['produit*'],
      location: ['lieu*', 'ville*', 'pays'],
    },
    near: ['ce', 'cet', 'cette', 'ces', 'actuel*'],
    far: [],
    pronouns: ['ceci', 'cela', 'ca'],
    previous: ['precedent*'],
    above: ['dessus'],
    here: ['ici'],
    latest: [],
    recent: ['recent*'],
    ordinals: { first: ['premier*'], second: ['deuxieme*', 'second*'], last: ['dernier*'] },
    mine: ['mon', 'ma', 'mes'],
    botOwned: ['ton', 'ta', 'tes', 'votre', 'vos'],
    fillers: ['le', 'la', 'les', 'l', 'un', 'une'],
    merge: ['fusion*', 'combin*'],
  },
  es: {
    kinds: {
      poll: ['encuesta*', 'votacion*'],
      reminder: ['recordatorio*'],
      image: ['imagen*', 'imagenes', 'foto*', 'captura*'],
      file: ['archivo*', 'documento*', 'fichero*'],
      article: ['articulo*', 'pagina*', 'sitio*', 'web'],
      quote: ['cita*'],
      link: ['enlace*', 'link*', 'vinculo*'],
      video: ['video*'],
      voice: ['audio*', 'voz'],
      pdf: ['pdf*'],
      summary: ['resumen*'],
      answer: ['respuesta*'],
      message: ['mensaje*', 'comentario*'],
      entity: ['entidad*', 'ficha*'],
      company: ['empresa*', 'compania*', 'firma*', 'startup*'],
      person: ['persona*', 'gente'],
      technology: ['tecnologia*', 'framework*', 'biblioteca*'],
      product: ['producto*'],
      location: ['lugar*', 'ciudad*', 'pais*'],
    },
    near: ['este', 'esta', 'estos', 'estas', 'actual*'],
    far: ['ese', 'esa', 'esos', 'esas', 'aquel*'],
    pronouns: ['esto', 'eso'],
    previous: ['anterior*', 'previo*', 'previa*'],
    above: ['arriba'],
    here: ['aqui'],
    latest: [],
    recent: ['reciente*'],
    ordinals: { first: ['primer*'], second: ['segund*'], last: ['ultim*'] },
    mine: ['mi', 'mis'],
    botOwned: ['tu', 'tus'],
    fillers: ['el', 'la', 'los', 'las', 'un', 'una', 'lo'],
    merge: ['fusion*', 'combin*', 'unir', 'une', 'unelo', 'unela'],
  },
};
