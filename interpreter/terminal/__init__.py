"""Playing at a terminal: the human agent (human) and readable transcripts and views (transcript)."""
