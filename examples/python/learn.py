#!/usr/bin/env python3
"""A policy-gradient learner for 2-player Tsuro, trained against a random bot
through boardrules' AEC environment (numpy only).

The policy is linear and softmax over the legal moves: move a gets the
logit theta . phi(a), where phi(a) is the observation tensor that the
learner's seat would see after a (an "afterstate"). To build it without
peeking at what the seat cannot see, each decision draws one full state the
seat cannot tell from the real one (State.resample), applies each legal move
to a copy of it and reads the seat's tensor. With theta = 0 the policy is
uniform over the legal moves: exactly the random bot.

Training is REINFORCE with a baseline: after each game, theta moves along
sum_t (phi(a_t) - E_pi[phi]) * (G - b), G the learner's return (+1 win,
-1 loss, 0 shared) and b a running mean of G. The learner alternates seats;
the opponent samples uniformly from the action mask (the action space's
sample(mask)). Every game runs through boardrules.AECEnv: reset(seed),
agent_iter(), last(), step().

The win rate (a win scores 1, a shared result 1/2) against the random bot
is measured on fixed seeds before and after training, playing the move of
highest logit (ties broken at random, so the untrained policy is still the
random bot) or, with --sampled, sampling from pi. The exit status is 0 when
it rose by at least --min-gain.

    python3 examples/python/learn.py [--episodes N] [--seed N] [--eval-games N]
                                     [--lr X] [--sampled] [--min-gain X]
"""

import argparse
import sys
import time

import numpy as np

from boardrules import AECEnv

GAME, OPTIONS = "tsuro", {"players": 2}
LEARNING_RATE = 0.02
EPISODES = 600                  # the win rate levels off at about 0.6 from 500 games on
EVAL_GAMES = 600
EVAL_SEED_BASE = 1 << 40        # evaluation games use seeds far from training's


class LinearSoftmaxPolicy:
    """pi(a | s) proportional to exp(theta . phi(s, a)) over the legal moves,
    phi(s, a) the learner's observation tensor after move a."""

    def __init__(self, tensor_size):
        self.theta = np.zeros(tensor_size, dtype=np.float32)
        self._scratch = None

    def features(self, env, seat, mask, rng):
        """(moves, phi): the legal moves (from the action mask) and one row
        of afterstate features per move."""
        moves = np.flatnonzero(mask)
        state = env.game_state
        det = state.resample(seat, int(rng.integers(2 ** 63)))   # hidden part drawn anew
        if self._scratch is None or self._scratch.num_players != det.num_players:
            self._scratch = det.clone()
        phi = np.empty((moves.size, self.theta.size), dtype=np.float32)
        for i, move in enumerate(moves):
            self._scratch.copy_from(det)
            self._scratch.apply(int(move))
            self._scratch.observation_tensor(seat, out=phi[i])
        return moves, phi

    def distribution(self, phi):
        logits = phi @ self.theta
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, env, seat, mask, rng, trace=None, greedy=False):
        """A move: sampled from pi, or with ``greedy`` one of highest logit
        (ties broken at random, so that theta = 0 plays like the random bot).
        With ``trace`` (a list) records the gradient of log pi of the
        sampled move, for training."""
        if trace is None and not self.theta.any():
            # Untrained: every logit is 0, pi is uniform (no features needed).
            moves = np.flatnonzero(mask)
            return int(moves[rng.integers(moves.size)])
        moves, phi = self.features(env, seat, mask, rng)
        if moves.size == 1:
            return int(moves[0])        # nothing to choose, nothing to learn
        if greedy:
            logits = phi @ self.theta
            best = np.flatnonzero(logits >= logits.max() - 1e-6)
            return int(moves[best[rng.integers(best.size)]])
        p = self.distribution(phi)
        i = min(int(np.searchsorted(np.cumsum(p), rng.random())), moves.size - 1)
        if trace is not None:
            trace.append(phi[i] - p @ phi)
        return int(moves[i])


def make_env():
    return AECEnv(GAME, OPTIONS)


def play(env, policy, learner_seat, seed, rng, trace=None, greedy=False):
    """One game through the environment: the policy at ``learner_seat``, the
    random bot (the action space's masked sample) elsewhere. Returns the
    learner's reward at the end."""
    env.reset(seed=seed)
    learner = env.possible_agents[learner_seat]
    for agent in env.possible_agents:
        if agent != learner:
            env.action_space(agent).seed(seed * 7 + 1)
    result = None
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            if agent == learner:
                result = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent == learner:
            action = policy.act(env, learner_seat, mask, rng, trace, greedy)
        else:
            action = env.action_space(agent).sample(mask)
        env.step(action)
    return result


def evaluate(policy, games, seed=EVAL_SEED_BASE, env=None, greedy=True):
    """Win rate (shared results count 1/2) of the policy (greedy, or sampled)
    against the random bot over ``games`` fixed-seed games, seats alternating."""
    env = env or make_env()
    score = 0.0
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        score += (play(env, policy, g % 2, seed + g, rng, greedy=greedy) + 1) / 2
    return score / games


def train(policy, episodes, seed, lr=LEARNING_RATE, baseline_rate=0.05, env=None, log=None):
    """REINFORCE with a running-mean baseline over ``episodes`` games against
    the random bot, seats alternating; returns the mean reward."""
    env = env or make_env()
    rng = np.random.default_rng(seed)
    baseline, total = 0.0, 0.0
    for episode in range(episodes):
        trace = []
        reward = play(env, policy, episode % 2, seed * 100_003 + episode, rng, trace)
        if trace:
            policy.theta += lr * (reward - baseline) * np.sum(trace, axis=0)
        baseline += baseline_rate * (reward - baseline)
        total += reward
        if log and (episode + 1) % log == 0:
            print("  episode %d: baseline %+.3f" % (episode + 1, baseline))
    return total / max(episodes, 1)


def run(episodes, seed, eval_games, lr=LEARNING_RATE, greedy=True, log=None):
    """Evaluation, training, evaluation: returns (before, after, seconds)."""
    start = time.perf_counter()
    env = make_env()
    policy = LinearSoftmaxPolicy(env.facts.tensor_size)
    before = evaluate(policy, eval_games, env=env, greedy=greedy)
    train(policy, episodes, seed, lr=lr, env=env, log=log)
    after = evaluate(policy, eval_games, env=env, greedy=greedy)
    return before, after, time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=EPISODES, help="training games")
    parser.add_argument("--seed", type=int, default=1, help="seed of the training games")
    parser.add_argument("--eval-games", type=int, default=EVAL_GAMES,
                        help="evaluation games before and after (fixed seeds)")
    parser.add_argument("--lr", type=float, default=LEARNING_RATE, help="learning rate")
    parser.add_argument("--sampled", action="store_true",
                        help="evaluate the sampled policy instead of its greedy moves")
    parser.add_argument("--min-gain", type=float, default=0.05,
                        help="exit status 1 unless the win rate rose by this much")
    parser.add_argument("--log", type=int, default=0, help="print the baseline every N episodes")
    args = parser.parse_args(argv)

    before, after, seconds = run(args.episodes, args.seed, args.eval_games, args.lr,
                                 not args.sampled, args.log or None)
    print("win rate against random over %d games (%s policy): before %.3f, after %.3f "
          "(%d training games, seed %d, %.1f s)"
          % (args.eval_games, "sampled" if args.sampled else "greedy", before, after,
             args.episodes, args.seed, seconds))
    if after < before + args.min_gain:
        print("the win rate did not rise by %.2f" % args.min_gain, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
