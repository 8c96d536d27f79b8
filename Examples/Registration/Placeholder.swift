// Placeholder: the registration feature lands here.
