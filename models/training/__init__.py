"""Training code for the dice detector (needs torch; never imported by the runtime package)."""
