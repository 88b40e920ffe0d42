// Validator entry points follow.
