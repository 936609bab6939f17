// "How to play" at the table: each game's rules in brief, taken from the game's own page
// (docs/games/<kind>.md, written from the game's code) and bundled with the client, opened
// over the table in a dialog (the board keeps its size and place beneath); and how the score
// is made, said where the score is shown.
import { useRef } from "preact/hooks";
import cno from "../../../docs/games/cno.md";
import ecliptic from "../../../docs/games/ecliptic.md";
import gnono from "../../../docs/games/gnono.md";
import mad from "../../../docs/games/mad.md";
import onexeno from "../../../docs/games/onexeno.md";
import type { Kind } from "./board";

const PAGES: Record<Kind, string> = { gnono, mad, onexeno, ecliptic, cno };

/** How each game's score is made, in a sentence, for the standings and score tables. */
export const SCORING: Record<Kind, string> = {
  gnono: "A round's winner scores the cards left in the other hands (numbers at face value, actions 20, wilds 50); the first to the playout score wins.",
  mad: "The score is the cards left in hand: fewest wins.",
  onexeno: "A hand scores the values of the lines of five you took, less the values left in your hand (partners add theirs); the session total wins.",
  ecliptic: "A side scores its longest run of signs plus its largest colour group, and 1 for its own sign; highest wins.",
  cno: "A round scores 2 per card you laid on a pile, -1 per card left in your hand, row and stock, and the size of every pile you closed with a neon-20; the running total wins.",
};

interface Rules {
  summary: string;
  points: string[];
}

/** The one-line summary and the bullet points of "the rules in brief" on a game's page. */
export function rulesOf(kind: Kind): Rules {
  const lines = PAGES[kind].split("\n");
  const start = lines.findIndex((line) => line.trim() === "## Rules");
  const brief = lines.findIndex((line, index) => index > start && /rules in brief:$/i.test(line.trim()));
  const end = lines.findIndex((line, index) => index > brief && (line.startsWith("Decisions") || line.startsWith("## ")));
  const summary = lines.slice(start + 1, brief).join(" ").trim();
  const points: string[] = [];
  for (const line of lines.slice(brief + 1, end)) {
    if (line.startsWith("* ")) points.push(line.slice(2).trim());
    else if (line.trim() && points.length) points[points.length - 1] += ` ${line.trim()}`;
  }
  return { summary: plain(summary), points: points.map(plain) };
}

/** Markdown's code marks taken off: players read words, not code. */
function plain(text: string): string {
  return text.replaceAll("`", "");
}

export function HowToPlay({ kind, title }: { kind: Kind; title: string }) {
  const rules = rulesOf(kind);
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" class="button button--quiet how-to-play__open" onClick={() => dialog.current?.showModal()}>
        How to play
      </button>
      <dialog class="panel how-to-play" data-testid="how-to-play" ref={dialog} aria-labelledby="how-to-play-title">
        <form method="dialog" class="how-to-play__head">
          <h2 id="how-to-play-title">How to play {title}</h2>
          <button type="submit" class="button">close</button>
        </form>
        <p>{rules.summary}</p>
        <ul>
          {rules.points.map((point) => (
            <li>{point}</li>
          ))}
        </ul>
        <p>
          <strong>Scoring.</strong> {SCORING[kind]}
        </p>
      </dialog>
    </>
  );
}
