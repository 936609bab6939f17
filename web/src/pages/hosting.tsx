// What only a table's host (its first seat, whose token this browser keeps) may do before the
// start: seat bots, share an invite link, and cancel the table. Nobody else is shown these.
import { useState } from "preact/hooks";
import { call, sentence } from "../http";
import { Refused } from "../refused";
import { hostToken } from "../seats";
import { BotButtons } from "./seating";
import "./players.css";

export function HostControls({ gameId }: { gameId: string }) {
  const host = hostToken(gameId);
  if (!host) return null;
  return (
    <div class="host-controls" data-testid="host-controls">
      <div class="host-controls__row">
        <span class="host-controls__name">seat a bot</span>
        <BotButtons gameId={gameId} host={host} />
      </div>
      <div class="host-controls__row">
        <span class="host-controls__name">invite</span>
        <Invite gameId={gameId} />
      </div>
      <div class="host-controls__row">
        <CancelTable gameId={gameId} host={host} />
      </div>
    </div>
  );
}

function Invite({ gameId }: { gameId: string }) {
  const [copied, setCopied] = useState(false);
  const link = `${location.origin}/play/${gameId}`;
  const copy = (): void => {
    navigator.clipboard.writeText(link).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <span class="invite">
      <label class="visually-hidden" for={`invite-${gameId}`}>invite link</label>
      <input id={`invite-${gameId}`} readOnly value={link} data-testid="invite-link" onFocus={(event) => event.currentTarget.select()} />
      <button type="button" class="button button--quiet" data-testid="copy-invite" onClick={copy}>
        {copied ? "link copied" : "copy the invite link"}
      </button>
    </span>
  );
}

function CancelTable({ gameId, host }: { gameId: string; host: string }) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = (): void => {
    setRefusal(null);
    call(`/games/${gameId}/commands`, { method: "POST", token: host, body: { type: "cancel_table" } }).catch(
      (error: unknown) => setRefusal(sentence(error)),
    );
  };
  if (!asking)
    return (
      <button type="button" class="button button--quiet" data-testid="cancel-table" onClick={() => setAsking(true)}>
        cancel the table
      </button>
    );
  return (
    <span class="inline-form" role="group" aria-label="cancel the table?">
      <span>Cancel this table for everyone?</span>
      <button type="button" class="button button--danger" data-testid="cancel-confirmed" onClick={cancel}>
        yes, cancel it
      </button>
      <button type="button" class="button button--quiet" onClick={() => setAsking(false)}>
        no
      </button>
      <Refused sentence={refusal} />
    </span>
  );
}
