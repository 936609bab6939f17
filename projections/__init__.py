"""Read models built from the event stream."""
