"""Terminal front ends: the rich renderer, the line driver and the JSON event stream."""
