// Challenge a player from their page: a kind, then `POST /challenges`; their stream hears it,
// and once they accept, the news (`news.tsx`) takes the challenger to the table.
import { useState } from "preact/hooks";
import { call, sentence } from "../http";
import { titleOf, useKinds } from "../kinds";
import { usePlayer } from "../player";

export function ChallengeButton({ handle }: { handle: string }) {
  const player = usePlayer();
  const kinds = useKinds();
  const [kind, setKind] = useState("gnono");
  const [said, setSaid] = useState("");
  if (!player || player.handle === handle) return null;
  const challenge = async (): Promise<void> => {
    try {
      await call("/challenges", { method: "POST", token: player.token, body: { kind, challenged: handle } });
      setSaid(`Challenge sent: waiting for ${handle} to answer; you go to the table once they accept.`);
    } catch (error) {
      setSaid(sentence(error));
    }
  };
  return (
    <p class="challenge" data-testid="challenge-form">
      <select value={kind} onChange={(event) => setKind((event.target as HTMLSelectElement).value)}>
        {(kinds ?? []).map((info) => (
          <option value={info.kind}>{titleOf(kinds, info.kind)}</option>
        ))}
      </select>{" "}
      <button onClick={() => void challenge()}>Challenge {handle}</button> {said ? (
        <span class="quiet" role="status" data-testid="challenge-said">
          {said}
        </span>
      ) : null}
    </p>
  );
}
