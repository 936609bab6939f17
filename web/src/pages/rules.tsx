// A game's rules for players (`/rules/{kind}`), reached from the lobby's list of games and
// from the table's "How to play"; the other games' rules are linked below.
import type { Kind } from "../games/board";
import { useKinds, titleOf } from "../kinds";
import { PLAYER_RULES } from "../rules";
import { RulesText } from "../rules/sections";
import { Link } from "../router";
import { NotHere } from "./missing";

function isKind(kind: string): kind is Kind {
  return kind in PLAYER_RULES;
}

export function RulesPage({ kind }: { kind: string }) {
  const kinds = useKinds();
  if (!isKind(kind)) return <NotHere what={`There is no game called ${kind} here.`} />;
  return (
    <main class="rules-page">
      <article class="panel">
        <h1>How to play {titleOf(kinds, kind)}</h1>
        <RulesText kind={kind} level={2} />
      </article>
      <nav class="panel" aria-label="the other games">
        <ul>
          {kinds
            .filter((info) => info.kind !== kind)
            .map((info) => (
              <li>
                <Link href={`/rules/${info.kind}`} class="button button--quiet">
                  How to play {info.title}
                </Link>
              </li>
            ))}
          <li>
            <Link href="/" class="button button--quiet">
              back to the lobby
            </Link>
          </li>
        </ul>
      </nav>
    </main>
  );
}
