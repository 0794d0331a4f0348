"""Drawing helpers shared by the pages: backend access, steps, cards, charts, audit rows."""
