"""``pnp``'s exit codes, returned by the entry module (:mod:`generator.cli`, which says when each
is given) and by every command's handler."""

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 70
