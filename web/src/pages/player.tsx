// The lobby's "play as" panel: a first visit plays in one step, under the one name field of
// the page (a name is suggested) with quick play, a seat at the next table of a kind; the
// same name opens a table. Registering a handle (its token kept in this browser only, which
// the page says at once, offering to copy or save it) makes the seats taken from here count
// for that player; signing in with that token plays it on another browser. Forgetting the
// player asks first and offers the token to keep.
import { useState } from "preact/hooks";
import { call, sentence, type KindInfo, type Schemas } from "../http";
import { forgetPlayer, keepPlayer, usePlayer, type Player } from "../player";
import { Refused } from "../refused";
import { Link, navigate } from "../router";
import { keepSeatToken } from "../seats";
import { BOT_KINDS, rememberName, useYourName } from "./seating";
import { keepBotsDue } from "./waiting";
import "./players.css";

type QuickSeat = Schemas["QuickSeat"];
type SignedIn = Schemas["PlayerSignedIn"];

/** Quick play waits for people, or for people and then bots of the kind chosen. */
const WAIT_FOR_PEOPLE = "";
const BOTS_AFTER = 15;

export function PlayAs({ kinds }: { kinds: KindInfo[] }) {
  const player = usePlayer();
  const [name, setName] = useYourName();
  const [bots, setBots] = useState(WAIT_FOR_PEOPLE);
  const [registered, setRegistered] = useState(false);
  return (
    <section class="panel play-as" data-testid="play-as">
      <h2>Play as</h2>
      {player ? (
        <Registered player={player} fresh={registered} seen={() => setRegistered(false)} />
      ) : (
        <label class="field">
          <span class="field__name">your name</span>
          <input name="your-name" value={name} maxLength={40} autoComplete="nickname" onInput={(event) => setName(event.currentTarget.value)} />
          <span class="field__hint">your name at the tables you join or open; register below to keep a record</span>
        </label>
      )}
      <h3>Quick play</h3>
      <label class="field">
        <span class="field__name">if nobody comes in {BOTS_AFTER} s</span>
        <select name="quickplay-bots" value={bots} onChange={(event) => setBots(event.currentTarget.value)}>
          <option value={WAIT_FOR_PEOPLE}>wait for people</option>
          {BOT_KINDS.map((bot) => (
            <option value={bot}>{bot} bots take the seats</option>
          ))}
        </select>
      </label>
      <div class="quickplay">
        {kinds.map((info) => (
          <QuickPlayButton info={info} player={player} name={name.trim()} bots={bots} />
        ))}
      </div>
      {player || name.trim() ? null : <p class="quiet" data-testid="name-needed">Give a name to play.</p>}
      {player ? null : (
        <>
          <h3>Keep a record</h3>
          <p class="quiet">A handle's games count for it; its token is kept in this browser only.</p>
          <Register registered={() => setRegistered(true)} />
          <SignIn />
        </>
      )}
    </section>
  );
}

function Registered({ player, fresh, seen }: { player: Player; fresh: boolean; seen: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <p class="play-as__who">
        playing as <strong data-testid="handle">{player.handle}</strong>{" "}
        <Link href={`/people/${encodeURIComponent(player.handle)}`}>your record</Link>{" "}
        <button type="button" class="button button--quiet" data-testid="forget-player" aria-expanded={asking} onClick={() => setAsking(!asking)}>
          forget
        </button>
      </p>
      {fresh && !asking ? <TokenOnlyHere player={player} done={seen} /> : null}
      {asking ? <ForgetFirst player={player} keep={() => setAsking(false)} /> : null}
    </>
  );
}

/** Said once a handle is registered: its token lives in this browser only, so keep it. */
function TokenOnlyHere({ player, done }: { player: Player; done: () => void }) {
  return (
    <div class="forget" role="status" data-testid="token-only-here">
      <p>
        <strong>Your token lives only in this browser.</strong> Save it to play as {player.handle} on another browser, or
        here again after this browser's data is cleared: nobody can give it to you again.
      </p>
      <KeepToken player={player} />
      <button type="button" class="button" onClick={done}>
        done
      </button>
    </div>
  );
}

/** The player's token shown, to copy or to save to a file. */
function KeepToken({ player }: { player: Player }) {
  const [copied, setCopied] = useState(false);
  const copy = (): void => {
    navigator.clipboard.writeText(player.token).then(() => setCopied(true), () => setCopied(false));
  };
  const saved = `data:text/plain;charset=utf-8,${encodeURIComponent(`${player.handle}\n${player.token}\n`)}`;
  return (
    <>
      <label class="field">
        <span class="field__name">your token</span>
        <input readOnly value={player.token} data-testid="player-token" onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div class="inline-form">
        <button type="button" class="button button--quiet" data-testid="copy-token" onClick={copy}>
          {copied ? "copied" : "copy the token"}
        </button>
        <a class="button button--quiet" data-testid="save-token" href={saved} download={`cardroom-${player.handle}.txt`}>
          save it to a file
        </a>
      </div>
    </>
  );
}

/** Forgetting asks first: without the token the handle cannot be played again, so it is
 * shown to copy or save, for signing in again here or on another browser. */
function ForgetFirst({ player, keep }: { player: Player; keep: () => void }) {
  return (
    <div class="forget" role="alertdialog" aria-labelledby="forget-title" data-testid="forget-confirm">
      <p id="forget-title">
        <strong>Forget {player.handle} in this browser?</strong> To play as {player.handle} again, here or on
        another browser, you will need this token. Nobody can give it to you again.
      </p>
      <KeepToken player={player} />
      <div class="inline-form">
        <button type="button" class="button button--danger" data-testid="forget-confirmed" onClick={forgetPlayer}>
          forget {player.handle}
        </button>
        <button type="button" class="button" onClick={keep}>keep playing as {player.handle}</button>
      </div>
    </div>
  );
}

/** Signing in with a token kept from another browser (or from before forgetting). */
function SignIn() {
  const [token, setToken] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    setRefusal(null);
    const kept = token.trim();
    call<SignedIn>("/player", { token: kept })
      .then((signed) => keepPlayer({ handle: signed.handle, token: kept }))
      .catch((error: unknown) => setRefusal(sentence(error)));
  };
  return (
    <details class="sign-in">
      <summary>I have a token</summary>
      <form class="inline-form" onSubmit={submit} data-testid="sign-in">
        <label class="visually-hidden" for="sign-in-token">your player token</label>
        <input id="sign-in-token" name="token" placeholder="your player token" value={token} required autoComplete="off" onInput={(event) => setToken(event.currentTarget.value)} />
        <button type="submit" class="button">sign in</button>
        <Refused sentence={refusal} />
      </form>
    </details>
  );
}

function Register({ registered }: { registered: () => void }) {
  const [handle, setHandle] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    setRefusal(null);
    call<Player>("/players", { method: "POST", body: { handle: handle.trim() } })
      .then((player) => {
        registered();
        keepPlayer(player);
      })
      .catch((error: unknown) => setRefusal(sentence(error)));
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <label class="visually-hidden" for="register-handle">your handle</label>
      <input id="register-handle" name="handle" placeholder="your handle" value={handle} maxLength={40} required onInput={(event) => setHandle(event.currentTarget.value)} />
      <button type="submit" class="button" data-testid="register">
        register
      </button>
      <Refused sentence={refusal} />
    </form>
  );
}

function QuickPlayButton({ info, player, name, bots }: { info: KindInfo; player: Player | null; name: string; bots: string }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const play = async (): Promise<void> => {
    setRefusal(null);
    try {
      const who = player ? {} : { name };
      const after = bots === WAIT_FOR_PEOPLE ? {} : { bots_after: BOTS_AFTER, bot: bots };
      const body = { kind: info.kind, ...who, ...after };
      const seat = await call<QuickSeat>("/quickplay", { method: "POST", token: player?.token ?? null, body });
      if (seat.token) keepSeatToken(seat.game_id, seat.token, seat.seat);
      keepBotsDue(seat.game_id, seat.bots_at);
      if (!player) rememberName(name);
      navigate(`/play/${seat.game_id}`);
    } catch (error) {
      setRefusal(sentence(error));
    }
  };
  return (
    <span class="quickplay__kind">
      <button type="button" class="button" data-testid={`quickplay-${info.kind}`} disabled={!player && !name} onClick={() => void play()}>
        {info.title}
      </button>
      <Refused sentence={refusal} />
    </span>
  );
}
