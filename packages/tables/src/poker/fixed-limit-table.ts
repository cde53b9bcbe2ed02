import { DomainError } from '@casino/core';
import { formatCard, parseCard, poker, SeededRng, shuffle, type Card, type Rng } from '@casino/games';

/**
 * A stud or draw hand at a cash table (issue 20, "at the tables"): the table's side of the pure
 * fixed-limit engine (`poker.startFixedLimitHand` …). It maps the table's seats onto the engine's
 * players, takes the stakes from the table definition and the rules from the profile, turns the
 * player's commands (an action, or a draw given as the indices of the cards to discard) into
 * engine moves, decides a time-out, takes the rake, and keeps a record that replays to the same
 * chips (the staff's recall verifies it). Pure: no I/O, no clock; the deck comes from the `Rng`.
 *
 * Seat order: the engine's players run clockwise from the seat after the table's button, the
 * button last. That is the engine's convention for both families: in the draw games player 0 is
 * the small blind (heads-up: the big blind, the button posting the small blind), in stud player 0
 * is dealt first (the dealer's left; stud has no blinds, so the button only says where the deal starts).
 */

/** The stake amounts of a stud/draw table, from its definition (D-2021). */
export interface FixedLimitTableStakes {
  readonly anteMinor: bigint;
  /** Stud: the definition's small blind is the bring-in. Draw: the small blind. */
  readonly smallBlindMinor: bigint;
  /** The big blind (draw) and the small bet (both); the big bet is twice it. */
  readonly bigBlindMinor: bigint;
}

export function engineStakes(game: poker.FixedLimitGame, stakes: FixedLimitTableStakes): poker.FixedLimitStakes {
  const stud = game.family === 'stud';
  return {
    ante: stakes.anteMinor,
    bringIn: stud && game.bringInCard !== 'none' ? stakes.smallBlindMinor : 0n,
    smallBlind: stud ? 0n : stakes.smallBlindMinor,
    bigBlind: stud ? 0n : stakes.bigBlindMinor,
    smallBet: stakes.bigBlindMinor,
    bigBet: 2n * stakes.bigBlindMinor,
  };
}

export interface FixedLimitSeatIn {
  readonly seat: number;
  readonly alias: string;
  readonly stackMinor: bigint;
}

/** The rake settings of the table (its definition's). */
export interface FixedLimitRake {
  readonly rateBps: number;
  readonly capPerHandMinor: bigint | null;
  /** The stud/draw analogue of no flop no drop: a hand that ends in its first betting round is not raked (D-2023). */
  readonly noFlopNoDrop: boolean;
}

/** Everything a replay needs, in JSON-safe form (amounts and cards as strings). */
export interface FixedLimitHandRecord {
  readonly format: 'fixed-limit-hand/1';
  readonly handId: string;
  readonly gameId: string;
  readonly buttonSeat: number;
  /** Engine order: player i sits at `seats[i].seat`. */
  readonly seats: readonly { readonly seat: number; readonly alias: string; readonly startingStackMinor: string }[];
  readonly stakes: Readonly<Record<keyof poker.FixedLimitStakes, string>>;
  readonly rules: poker.FixedLimitRules;
  readonly rake: { readonly rateBps: number; readonly capPerHandMinor: string | null; readonly noFlopNoDrop: boolean };
  readonly deck: readonly string[];
  readonly reshuffleSeed: string;
  /**
   * Draw games dealt by the table's planner: the blinds and extra posts by player (D-2051). Absent in
   * records before it: the engine's default blinds (player 0 the small blind, 1 the big; heads-up reversed).
   */
  readonly blinds?: {
    readonly small: number | null;
    readonly big: number;
    readonly posts: readonly { readonly player: number; readonly live: string; readonly dead: string }[];
  };
  /** A beaten hand may be mucked at the showdown (the profile's `muckAllowed`, D-2050); absent = no. */
  readonly muckAllowed?: boolean;
  readonly moves: readonly RecordedMove[];
}

/** A recorded move without its player (distributes over the union, unlike `Omit`). */
type MoveBody = RecordedMove extends infer M ? (M extends { player: number } ? Omit<M, 'player'> : never) : never;

export type RecordedMove =
  | { readonly player: number; readonly kind: 'fold' | 'check' | 'call' | 'bring-in' }
  | { readonly player: number; readonly kind: 'raise'; readonly to: string }
  | { readonly player: number; readonly kind: 'draw'; readonly discard: readonly string[] };

/** A player's command at a stud/draw table. `discard`: indices into the player's own cards (private view order). */
export type FixedLimitCommand =
  | {
      readonly kind: 'act';
      readonly action: 'fold' | 'check' | 'call' | 'bring-in' | 'bet' | 'raise' | 'complete';
      /** Bet, raise, complete: the street bet after it; absent = the smallest offered. */
      readonly amountMinor?: bigint;
    }
  | { readonly kind: 'draw'; readonly discard: readonly number[] };

export interface FixedLimitResult {
  readonly seat: number;
  readonly putInMinor: bigint;
  /** What the pots paid, less the player's share of the rake. */
  readonly wonMinor: bigint;
  readonly rakeMinor: bigint;
  readonly stackAfterMinor: bigint;
}

export interface FixedLimitOutcome {
  readonly rakeMinor: bigint;
  readonly results: readonly FixedLimitResult[];
}

export const fixedLimitGameById: ReadonlyMap<string, poker.FixedLimitGame> = new Map(
  poker.fixedLimitGames.map((game) => [game.id, game]),
);

function refused(reason: string, detail: string, field?: string): DomainError {
  return new DomainError('game-action-refused', detail, {
    extensions: { reason },
    ...(field === undefined ? {} : { field }),
  });
}

/** The dealt-in seats in engine order: clockwise from the seat after the button, the button last. */
export function engineSeatOrder(seats: readonly number[], buttonSeat: number): number[] {
  const sorted = [...seats].sort((a, b) => a - b);
  const after = sorted.filter((seat) => seat > buttonSeat);
  return [...after, ...sorted.filter((seat) => seat <= buttonSeat)];
}

export class FixedLimitTableHand {
  readonly handId: string;
  readonly game: poker.FixedLimitGame;
  readonly buttonSeat: number;
  private readonly record: Omit<FixedLimitHandRecord, 'moves'>;
  private readonly moves: RecordedMove[] = [];
  private readonly seatOfPlayer: readonly number[];
  private readonly rake: FixedLimitRake;
  private current: poker.FixedLimitState;

  private constructor(options: {
    handId: string;
    game: poker.FixedLimitGame;
    buttonSeat: number;
    seats: readonly FixedLimitSeatIn[];
    stakes: poker.FixedLimitStakes;
    rules: poker.FixedLimitRules;
    rake: FixedLimitRake;
    deck: readonly Card[];
    reshuffleSeed: string;
    blinds?: poker.FixedLimitBlinds;
    muckAllowed?: boolean;
  }) {
    this.handId = options.handId;
    this.game = options.game;
    this.buttonSeat = options.buttonSeat;
    this.rake = options.rake;
    this.seatOfPlayer = options.seats.map((seat) => seat.seat);
    this.current = poker.startFixedLimitHand({
      game: options.game,
      stakes: options.stakes,
      rules: options.rules,
      stacks: options.seats.map((seat) => seat.stackMinor),
      deck: options.deck,
      reshuffleSeed: options.reshuffleSeed,
      ...(options.blinds === undefined ? {} : { blinds: options.blinds }),
      ...(options.muckAllowed === undefined ? {} : { muckAllowed: options.muckAllowed }),
    });
    const text = (chips: bigint): string => chips.toString();
    this.record = {
      format: 'fixed-limit-hand/1',
      handId: options.handId,
      gameId: options.game.id,
      buttonSeat: options.buttonSeat,
      seats: options.seats.map((seat) => ({ seat: seat.seat, alias: seat.alias, startingStackMinor: text(seat.stackMinor) })),
      stakes: {
        ante: text(options.stakes.ante),
        bringIn: text(options.stakes.bringIn),
        smallBlind: text(options.stakes.smallBlind),
        bigBlind: text(options.stakes.bigBlind),
        smallBet: text(options.stakes.smallBet),
        bigBet: text(options.stakes.bigBet),
      },
      rules: options.rules,
      rake: {
        rateBps: options.rake.rateBps,
        capPerHandMinor: options.rake.capPerHandMinor === null ? null : text(options.rake.capPerHandMinor),
        noFlopNoDrop: options.rake.noFlopNoDrop,
      },
      deck: options.deck.map(formatCard),
      reshuffleSeed: options.reshuffleSeed,
      ...(options.blinds === undefined
        ? {}
        : {
            blinds: {
              small: options.blinds.small,
              big: options.blinds.big,
              posts: options.blinds.posts.map((post) => ({ player: post.player, live: text(post.live), dead: text(post.dead) })),
            },
          }),
      ...(options.muckAllowed === true ? { muckAllowed: true } : {}),
    };
  }

  /** Deals a new hand: the seats in engine order from the button, the deck shuffled with `rng`. */
  static deal(options: {
    readonly handId: string;
    readonly game: poker.FixedLimitGame;
    readonly buttonSeat: number;
    readonly seats: readonly FixedLimitSeatIn[];
    readonly stakes: FixedLimitTableStakes;
    readonly rules: poker.FixedLimitRules;
    readonly rake: FixedLimitRake;
    readonly rng: Rng;
    /**
     * Draw games: the table planner's blinds by seat (D-2051): the small blind's seat (null: none),
     * the big blind's, and the extra posts of players coming in. Absent: the engine's default.
     */
    readonly blinds?: {
      readonly smallBlindSeat: number | null;
      readonly bigBlindSeat: number;
      readonly posts: readonly { readonly seat: number; readonly live: bigint; readonly dead: bigint }[];
    };
    /** The table allows a beaten hand to be mucked at the showdown (D-2050). */
    readonly muckAllowed?: boolean;
  }): FixedLimitTableHand {
    const order = engineSeatOrder(
      options.seats.map((seat) => seat.seat),
      options.buttonSeat,
    );
    const bySeat = new Map(options.seats.map((seat) => [seat.seat, seat]));
    const game = options.game;
    const fullDeck = game.family === 'draw' ? game.deckFor(order.length) : poker.studDeck();
    const deck = shuffle(fullDeck, options.rng);
    // The discard reshuffle's seed comes from the same generator, so one hand seed covers every card.
    const reshuffleSeed = `${options.handId}:${options.rng.intBelow(2 ** 32)}`;
    const playerOf = (seat: number): number => {
      const index = order.indexOf(seat);
      if (index === -1) throw new Error(`hand ${options.handId}: seat ${seat} posts but is not dealt in`);
      return index;
    };
    const blinds: poker.FixedLimitBlinds | undefined =
      options.blinds === undefined || game.family !== 'draw'
        ? undefined
        : {
            small: options.blinds.smallBlindSeat === null ? null : playerOf(options.blinds.smallBlindSeat),
            big: playerOf(options.blinds.bigBlindSeat),
            posts: options.blinds.posts.map((post) => ({ player: playerOf(post.seat), live: post.live, dead: post.dead })),
          };
    return new FixedLimitTableHand({
      handId: options.handId,
      game,
      buttonSeat: options.buttonSeat,
      seats: order.map((seat) => bySeat.get(seat)!),
      stakes: engineStakes(game, options.stakes),
      rules: options.rules,
      rake: options.rake,
      deck,
      reshuffleSeed,
      ...(blinds === undefined ? {} : { blinds }),
      ...(options.muckAllowed === true ? { muckAllowed: true } : {}),
    });
  }

  /** Rebuilds a hand from its record by applying every recorded move (the staff's recall, D-2024). */
  static replay(record: FixedLimitHandRecord): FixedLimitTableHand {
    const game = fixedLimitGameById.get(record.gameId);
    if (game === undefined) throw new Error(`hand ${record.handId}: unknown game ${record.gameId}`);
    const big = (text: string): bigint => BigInt(text);
    const hand = new FixedLimitTableHand({
      handId: record.handId,
      game,
      buttonSeat: record.buttonSeat,
      seats: record.seats.map((seat) => ({ seat: seat.seat, alias: seat.alias, stackMinor: big(seat.startingStackMinor) })),
      stakes: {
        ante: big(record.stakes.ante),
        bringIn: big(record.stakes.bringIn),
        smallBlind: big(record.stakes.smallBlind),
        bigBlind: big(record.stakes.bigBlind),
        smallBet: big(record.stakes.smallBet),
        bigBet: big(record.stakes.bigBet),
      },
      rules: record.rules,
      rake: {
        rateBps: record.rake.rateBps,
        capPerHandMinor: record.rake.capPerHandMinor === null ? null : big(record.rake.capPerHandMinor),
        noFlopNoDrop: record.rake.noFlopNoDrop,
      },
      deck: record.deck.map(parseCard),
      reshuffleSeed: record.reshuffleSeed,
      ...(record.blinds === undefined
        ? {}
        : {
            blinds: {
              small: record.blinds.small,
              big: record.blinds.big,
              posts: record.blinds.posts.map((post) => ({ player: post.player, live: big(post.live), dead: big(post.dead) })),
            },
          }),
      ...(record.muckAllowed === true ? { muckAllowed: true } : {}),
    });
    for (const move of record.moves) {
      if (hand.current.phase === 'complete' || poker.pendingPlayer(hand.current) !== move.player)
        throw new Error(`hand ${record.handId}: the record's move by player ${move.player} is out of turn`);
      hand.apply(move);
    }
    return hand;
  }

  get state(): poker.FixedLimitState {
    return this.current;
  }

  get complete(): boolean {
    return this.current.phase === 'complete';
  }

  /** The seats dealt in, in engine order. */
  get seats(): readonly number[] {
    return this.seatOfPlayer;
  }

  inHand(seat: number): boolean {
    return this.seatOfPlayer.includes(seat);
  }

  /** The seat to act or draw, null when the hand is complete. */
  seatToAct(): number | null {
    const player = this.current.phase === 'complete' ? null : poker.pendingPlayer(this.current);
    return player === null ? null : this.seatOfPlayer[player]!;
  }

  legal(): (poker.FixedLimitLegal & { readonly seat: number }) | null {
    const legal = poker.legalMoves(this.current);
    return legal === null ? null : { ...legal, seat: this.seatOfPlayer[legal.player]! };
  }

  /** A player's command, validated: refused (nothing changes) unless it is legal for the seat to act. */
  command(seat: number, command: FixedLimitCommand): poker.FixedLimitOperation[] {
    const legal = this.legal();
    if (legal === null) throw refused('no-hand-running', 'the hand is complete');
    if (legal.seat !== seat) throw refused('not-your-turn', 'it is not your turn');
    return this.apply({ player: legal.player, ...this.moveOf(legal, command) } as RecordedMove);
  }

  /**
   * The clock ran out (D-2022): a draw stands pat (the player keeps his cards, which is what doing
   * nothing means in a draw), the bring-in decision brings in (the forced bet is owed), a betting
   * decision follows the profile's time-out action as in the flop games: 'check-or-fold'
   * (000-001:TIME-02) checks where it can, 'fold' (003:R-TIME-02) folds where the engine offers a fold.
   */
  timeOut(action: poker.TimeOutAction = 'check-or-fold'): poker.FixedLimitOperation[] {
    const legal = this.legal();
    if (legal === null) throw new Error(`hand ${this.handId}: a time-out without a player to act`);
    // The fixed-limit engine offers no fold while a check is free, so 'fold' checks there (D-2022).
    const checks = legal.check && (action === 'check-or-fold' || !legal.fold);
    const kind = legal.kind === 'draw' ? 'draw' : legal.kind === 'bring-in' ? 'bring-in' : checks ? 'check' : 'fold';
    const move: RecordedMove = kind === 'draw' ? { player: legal.player, kind, discard: [] } : { player: legal.player, kind };
    return this.apply(move);
  }

  /** The hand's JSON record, replayable. */
  historyRecord(): FixedLimitHandRecord {
    return { ...this.record, moves: [...this.moves] };
  }

  /** Chips after the hand with the rake taken from the winners (only once the hand is complete). */
  outcome(): FixedLimitOutcome {
    const state = this.current;
    if (state.phase !== 'complete') throw new Error(`hand ${this.handId} is not complete`);
    const pot = state.players.reduce((sum, player) => sum + player.contributed, 0n);
    const firstRoundOnly = state.openers.length <= 1;
    let rakeMinor = 0n;
    if (!(this.rake.noFlopNoDrop && firstRoundOnly)) {
      rakeMinor = (pot * BigInt(this.rake.rateBps)) / 10_000n;
      if (this.rake.capPerHandMinor !== null && rakeMinor > this.rake.capPerHandMinor) rakeMinor = this.rake.capPerHandMinor;
    }
    // The rake comes from the winners in proportion to what they won; the odd chips from the
    // biggest winner first (engine order on ties), so the shares add up exactly.
    const won = state.players.map((player) => player.won);
    const totalWon = won.reduce((sum, chips) => sum + chips, 0n);
    const shares = won.map((chips) => (totalWon === 0n ? 0n : (rakeMinor * chips) / totalWon));
    let left = rakeMinor - shares.reduce((sum, chips) => sum + chips, 0n);
    const byWin = won
      .map((chips, index) => ({ chips, index }))
      .sort((a, b) => (a.chips === b.chips ? a.index - b.index : a.chips > b.chips ? -1 : 1));
    for (const { chips, index } of byWin) {
      if (left === 0n) break;
      if (chips - shares[index]! > 0n) {
        shares[index]! += 1n;
        left -= 1n;
      }
    }
    return {
      rakeMinor,
      results: state.players.map((player, index) => ({
        seat: this.seatOfPlayer[index]!,
        putInMinor: player.contributed,
        wonMinor: player.won - shares[index]!,
        rakeMinor: shares[index]!,
        stackAfterMinor: player.stack + player.won - shares[index]!,
      })),
    };
  }

  /** PokerStars-format text; `viewerSeat` shows that player's down-cards only ('observer': none; absent: all). */
  text(options: {
    readonly tableName: string;
    readonly viewerSeat?: number | 'observer';
    readonly formatAmount?: (chips: bigint) => string;
    readonly playedAt?: string;
  }): string {
    const viewer =
      options.viewerSeat === undefined || options.viewerSeat === 'observer'
        ? options.viewerSeat
        : this.seatOfPlayer.indexOf(options.viewerSeat) === -1
          ? 'observer'
          : this.seatOfPlayer.indexOf(options.viewerSeat);
    return poker.formatFixedLimitHistoryText(this.current, {
      handId: this.handId,
      tableName: options.tableName,
      names: this.record.seats.map((seat) => seat.alias),
      ...(viewer === undefined ? {} : { viewer }),
      ...(options.formatAmount === undefined ? {} : { formatAmount: options.formatAmount }),
      ...(options.playedAt === undefined ? {} : { playedAt: options.playedAt }),
    });
  }

  private moveOf(legal: poker.FixedLimitLegal, command: FixedLimitCommand): MoveBody {
    if (command.kind === 'draw') {
      if (legal.kind !== 'draw') throw refused('not-drawing', 'this is a betting decision, not a draw');
      const cards = this.current.players[legal.player]!.cards;
      const indices = command.discard;
      if (indices.some((index) => !Number.isInteger(index) || index < 0 || index >= cards.length))
        throw refused('no-such-card', `discard indices are 0 to ${cards.length - 1}`, 'discard');
      if (new Set(indices).size !== indices.length) throw refused('no-such-card', 'a card is named twice', 'discard');
      if (indices.length > legal.discardMax!)
        throw refused('too-many-discards', `at most ${legal.discardMax} cards may be exchanged`, 'discard');
      return { kind: 'draw', discard: indices.map((index) => formatCard(cards[index]!)) };
    }
    if (legal.kind === 'draw') throw refused('drawing', 'this is a draw: send the cards to discard');
    switch (command.action) {
      case 'fold':
      case 'check':
      case 'call':
      case 'bring-in':
        return { kind: command.action };
      case 'bet':
      case 'raise':
      case 'complete': {
        if (legal.raiseTo === null) throw refused('raise-not-allowed', `a ${command.action} is not offered now`);
        const to = command.amountMinor ?? legal.raiseTo.min;
        return { kind: 'raise', to: to.toString() };
      }
    }
  }

  private apply(move: RecordedMove): poker.FixedLimitOperation[] {
    const before = this.current.log.length;
    const engineMove: poker.FixedLimitMove =
      move.kind === 'raise'
        ? { kind: 'raise', to: BigInt(move.to) }
        : move.kind === 'draw'
          ? { kind: 'draw', discard: move.discard.map(parseCard) }
          : { kind: move.kind };
    try {
      this.current = poker.applyMove(this.current, engineMove);
    } catch (error) {
      if (error instanceof poker.IllegalFixedLimitMove) throw refused('illegal-move', error.message);
      throw error;
    }
    this.moves.push(move);
    return this.current.log.slice(before);
  }
}

/** A generator for tests and the replay check: the seeded one the rest of the runtime uses. */
export function seededRng(seed: string): Rng {
  return new SeededRng(seed);
}

// ---- views (what the table's WebSocket and REST answers carry, D-2025) ----

export interface FixedLimitPublicSeat {
  readonly seat: number;
  readonly alias: string;
  readonly stackMinor: string;
  readonly betMinor: string;
  readonly folded: boolean;
  readonly allIn: boolean;
  /** Face-up cards in the order dealt (stud); empty in the draw games. */
  readonly upCards: readonly string[];
  /** How many face-down cards the player holds (their faces only in the owner's view). */
  readonly downCardCount: number;
  /** Cards exchanged at each draw so far (draw games; public), e.g. [2, 0] = drew two, then stood pat. */
  readonly drawn: readonly number[];
  /** Cards shown at the showdown, null before (and for a mucked hand, whose faces stay hidden here). */
  readonly shownCards: readonly string[] | null;
  /** The hand was mucked at the showdown unshown (D-2050). */
  readonly mucked: boolean;
}

export interface FixedLimitPublicView {
  readonly handId: string;
  readonly gameId: string;
  readonly gameName: string;
  readonly family: 'stud' | 'draw';
  readonly buttonSeat: number;
  /** Stud with too few cards for 7th street: the shared face-up card (000-001:DECK-08). */
  readonly communityCards: readonly string[];
  readonly potMinor: string;
  readonly phase: 'betting' | 'drawing' | 'complete';
  /** 0-based betting round (stud: 0 = 3rd street), and the draws begun (the one being played counts). */
  readonly street: number;
  readonly drawsDone: number;
  readonly seatToAct: number | null;
  readonly seats: readonly FixedLimitPublicSeat[];
}

export interface FixedLimitPrivateView {
  readonly seat: number;
  /** Every card the player holds, in the order dealt; `up` marks the ones everybody sees. */
  readonly cards: readonly { readonly card: string; readonly up: boolean }[];
  /** The cards the player received at each draw (only the owner sees them). */
  readonly drawnCards: readonly (readonly string[])[];
  readonly legal: {
    readonly kind: 'bet' | 'bring-in' | 'draw';
    readonly fold: boolean;
    readonly check: boolean;
    readonly callMinor: string | null;
    readonly bringInMinor: string | null;
    readonly raiseToMinMinor: string | null;
    readonly raiseToMaxMinor: string | null;
    readonly discardMax: number | null;
  } | null;
}

/** Spectators and players alike: up-cards, counts of down-cards and of cards drawn, nothing else (000-001:DECK-04). */
export function fixedLimitPublicView(hand: FixedLimitTableHand, aliasOf: (seat: number) => string): FixedLimitPublicView {
  const state = hand.state;
  const seats = hand.seats.map((seat, index) => {
    const player = state.players[index]!;
    const shown = state.log.find((operation) => operation.kind === 'show' && operation.player === index);
    return {
      seat,
      alias: aliasOf(seat),
      stackMinor: (state.phase === 'complete' ? player.stack + player.won : player.stack).toString(),
      betMinor: player.bet.toString(),
      folded: player.status === 'folded',
      allIn: player.status === 'all-in',
      upCards: player.cards.filter((_, k) => player.up[k]).map(formatCard),
      downCardCount: player.up.filter((up) => !up).length,
      drawn: state.log.flatMap((operation) =>
        operation.kind === 'draw' && operation.player === index ? [operation.discarded.length] : [],
      ),
      shownCards: shown?.kind === 'show' ? shown.cards.map(formatCard) : null,
      mucked: state.log.some((operation) => operation.kind === 'muck' && operation.player === index),
    };
  });
  return Object.freeze({
    handId: hand.handId,
    gameId: hand.game.id,
    gameName: hand.game.name,
    family: hand.game.family,
    buttonSeat: hand.buttonSeat,
    communityCards: state.community.map(formatCard),
    potMinor: state.players.reduce((sum, player) => sum + player.contributed, 0n).toString(),
    phase: state.phase,
    street: state.street,
    drawsDone: state.draws,
    seatToAct: hand.seatToAct(),
    seats,
  });
}

/** One seated player's own view: their down-cards and draws, and on their turn what they may do. Null for a seat not dealt in. */
export function fixedLimitPrivateView(hand: FixedLimitTableHand, seat: number): FixedLimitPrivateView | null {
  const index = hand.seats.indexOf(seat);
  if (index === -1) return null;
  const state = hand.state;
  const player = state.players[index]!;
  const legal = hand.legal();
  const mine = legal !== null && legal.seat === seat ? legal : null;
  const text = (chips: bigint | null | undefined): string | null =>
    chips === null || chips === undefined ? null : chips.toString();
  return Object.freeze({
    seat,
    cards: player.cards.map((card, k) => ({ card: formatCard(card), up: player.up[k] === true })),
    drawnCards: state.log.flatMap((operation) =>
      operation.kind === 'draw' && operation.player === index ? [operation.received.map(formatCard)] : [],
    ),
    legal:
      mine === null
        ? null
        : {
            kind: mine.kind,
            fold: mine.fold,
            check: mine.check,
            callMinor: text(mine.call),
            bringInMinor: text(mine.bringIn),
            raiseToMinMinor: text(mine.raiseTo?.min),
            raiseToMaxMinor: text(mine.raiseTo?.max),
            discardMax: mine.discardMax,
          },
  });
}
