"""The phases of a hand that come before card play — one file each, one class each: the deal,
inventing laws, calling and fixing trumps, anti-trumps, blind bids, the misdeal, the contributed
kitty, the pig, high or low hands, robbing, the top trump, the exchange, trick bids, the auction.

A family lists the ones its hands can have, in order, in its ``EngineFamily``; each says itself
whether a given spec needs it."""
