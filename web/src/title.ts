// The tab's title: what awaits the player elsewhere (a challenge, a turn at another table),
// then the page's own words ("Your turn · MAD · Cardroom"). Each part is set by its owner,
// the page or the player's news, and the title is made of both, so a person in another tab
// sees either change.
export const SITE_TITLE = "Cardroom";

let page = SITE_TITLE;
let news = "";

function show(): void {
  document.title = news ? `${news} · ${page}` : page;
}

/** The page's own title; the site's name alone when it is left. */
export function setPageTitle(title: string | null): void {
  page = title ?? SITE_TITLE;
  show();
}

/** What awaits the player elsewhere, in words; empty when nothing does. */
export function setNewsTitle(words: string): void {
  news = words;
  show();
}
