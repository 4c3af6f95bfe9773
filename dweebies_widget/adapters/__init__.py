"""Adapters that let the Dweebies rules core play in other game-AI frameworks.

Each adapter is its own module and imports its framework only when that module is imported,
so ``import dweebies_widget`` and ``import dweebies_widget.adapters`` never need them:

* :mod:`dweebies_widget.adapters.pettingzoo`: a PettingZoo AEC environment
  (``pip install "dweebies-widget[pettingzoo]"``);
* :mod:`dweebies_widget.adapters.openspiel`: an OpenSpiel game
  (``pip install "dweebies-widget[openspiel]"``);
* :mod:`dweebies_widget.adapters.selfplay`: a small learning agent (numpy only) trained by
  self-play through the PettingZoo environment (``pip install "dweebies-widget[pettingzoo]"``).

Every adapter asks the one rules core (:class:`dweebies_widget.Game`) for legal moves,
plays through it and reads the scores and winners from it; none re-implements a rule.
"""
