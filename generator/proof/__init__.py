"""``pnp proof``: a translator's proof sheet of a game in a language, every face with how full
each of its text boxes is, then a table of the fullest boxes (:mod:`generator.proof.run`, the
command; :mod:`generator.proof.output`, the proof as an output)."""
