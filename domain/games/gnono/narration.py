"""What each Gnono event means to one viewer, in one short sentence."""

from domain.games.gnono.cards import RANK_NAMES, is_wild
from domain.games.gnono.model import (
    CardPlayed,
    CardsDrawn,
    ColourChosen,
    DirectionReversed,
    Event,
    FirstPlayerDrawn,
    GameWon,
    PileReshuffled,
    RoundDealt,
    RoundScored,
    TurnPassed,
)
from domain.narration import Voice, counted, listed, opening
from domain.seats import CLOCKWISE

PENALTY_NAMES = {2: RANK_NAMES["take_two"], 4: RANK_NAMES["wild_take_four"]}


def narrate(event: Event, voice: Voice) -> str:
    """The event as `voice.viewer` sees it (redacted), in one sentence."""
    match event:
        case FirstPlayerDrawn():
            return f"{voice.subject(event.first)} drew the highest card and will play first"
        case RoundDealt():
            put_back = event.returned_count or len(event.returned)
            back = f" ({counted(put_back, 'Wild Take Four')} put back)" if put_back else ""
            return (
                f"Round {event.round}: {counted(event.hand_size, 'card')} each;"
                f" the first discard is {event.starter}{back}"
            )
        case ColourChosen():
            return f"{voice.subject(event.seat)} chose {event.colour}"
        case CardPlayed():
            named = f", naming {event.colour}" if is_wild(event.card) else ""
            return f"{voice.subject(event.seat)} played {event.card}{named}"
        case CardsDrawn():
            return _drawn(event, voice)
        case PileReshuffled():
            return (
                f"The discards were shuffled into the pick-up pile ({counted(event.count, 'card')})"
            )
        case DirectionReversed():
            way = "clockwise" if event.direction == CLOCKWISE else "counter-clockwise"
            return f"Play now goes {way}"
        case TurnPassed():
            skipped = (
                "" if event.skipped is None else f"{voice.subject(event.skipped)} lost a turn; "
            )
            turn = f"it is {voice.whose(event.seat)} turn"
            return opening(f"{skipped}{turn}")
        case RoundScored():
            return (
                f"{voice.subject(event.winner)} won round {event.round}:"
                f" {counted(event.points, 'point')} from the cards left in hand"
            )
        case GameWon():
            points = event.scores[event.winner]
            return f"{voice.subject(event.winner)} won the game with {counted(points, 'point')}"


def _drawn(event: CardsDrawn, voice: Voice) -> str:
    why = f" ({PENALTY_NAMES.get(event.count, 'penalty')})" if event.penalty else ""
    drawn = f"{voice.subject(event.seat)} drew {counted(event.count, 'card')}{why}"
    return f"{drawn}: {listed(event.cards)}" if event.cards else drawn
