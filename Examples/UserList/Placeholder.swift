// Placeholder: the user list feature lands here.
