"""The rules of poker, pure and storage-free: cards, games, hand evaluation, betting and pot
settlement, equity."""
