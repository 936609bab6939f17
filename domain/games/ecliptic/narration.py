"""What each Ecliptic event means to one viewer, in one short sentence."""

from domain.games.ecliptic.cards import SIGNS
from domain.games.ecliptic.model import (
    BattleFought,
    CardsDrawn,
    CardsExchanged,
    EndReason,
    Event,
    GameEnded,
    GameOpened,
    SignKept,
    TurnBegan,
    TurnPlayed,
)
from domain.narration import Voice, counted, listed, opening

END_REASONS: dict[EndReason, str] = {
    "stock_exhausted": "the stock ran out",
    "no_legal_turn": "no legal turn was left",
}


def sign_name(sign: int) -> str:
    """A sign (1-12) as players call it: "Leo"."""
    return SIGNS[sign - 1].capitalize()


def narrate(event: Event, voice: Voice) -> str:
    """The event as `voice.viewer` sees it (redacted), in one sentence."""
    match event:
        case GameOpened():
            return (
                f"7 cards each; {voice.whose(event.white)} side is white and moves first;"
                f" the sign of the day is {sign_name(event.day_sign)}"
            )
        case TurnPlayed():
            return (
                f"{voice.subject(event.seat)} discarded {listed(event.pair)}"
                f" and placed {event.card} on {voice.own(event.seat)} side"
            )
        case CardsDrawn():
            drawn = f"{voice.subject(event.seat)} drew {counted(event.count, 'card')}"
            return f"{drawn} ({listed(event.cards)})" if event.cards else drawn
        case BattleFought():
            return _battle(event, voice)
        case SignKept():
            return f"{voice.subject(event.seat)} kept {event.kept} and discarded {event.discarded}"
        case CardsExchanged():
            return _exchange(event, voice)
        case TurnBegan():
            again = " again (a triplet)" if event.replay else ""
            last = ", the last one" if event.final else ""
            return f"It is {voice.whose(event.seat)} turn{again}{last}"
        case GameEnded():
            stuck = "" if event.seat is None else f" for {voice.who(event.seat)}"
            return f"The game is over: {END_REASONS[event.reason]}{stuck}"


def _battle(event: BattleFought, voice: Voice) -> str:
    defended = (
        ""
        if event.defender_strength is None
        else f", {voice.who(event.defender)} defended with strength {event.defender_strength}"
    )
    return opening(
        f"battle for {sign_name(event.sign)}: {voice.who(event.attacker)} attacked"
        f" {voice.who(event.defender)} with strength {event.attacker_strength}{defended};"
        f" {voice.who(event.winner)} won"
    )


def _exchange(event: CardsExchanged, voice: Voice) -> str:
    took = [
        f"{voice.who(seat)} took {'a card' if card is None else card}"
        for seat, card in ((event.attacker, event.to_attacker), (event.defender, event.to_defender))
    ]
    return opening(f"exchange: {listed(took)}")
