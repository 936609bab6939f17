// A game's rules for players as one piece of text, with headings at the level the place it
// is shown in asks for: the rules page (under its h1) or the table's dialog (under its h2).
import type { Kind } from "../games/board";
import { PLAYER_RULES } from ".";

export function RulesText({ kind, level }: { kind: Kind; level: 2 | 3 }) {
  const { Aim, Turn, Scoring, Example } = PLAYER_RULES[kind];
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div class="rules" data-testid="rules">
      <Heading>What you are trying to do</Heading>
      <Aim />
      <Heading>How play goes</Heading>
      <Turn />
      <Heading>Scoring</Heading>
      <Scoring />
      <Heading>An example</Heading>
      <Example />
    </div>
  );
}
