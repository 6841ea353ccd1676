"""The JSON scoring endpoints of `shared/api.md`, as transport only.

Every game kind names its endpoints (`GameKind.endpoints`: a request body in, an answer
out, all in the rules core); this package makes each one a stateless POST view at
`/api/<slug>/<name>`. They save nothing and need no login, so they are CSRF-exempt.
Every rule or input error is a 400 carrying the rules' code, a sentence for people and,
when one player is at fault, that player.
"""
