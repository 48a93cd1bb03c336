"""What an author uses to publish: starting files, adventure packs and the live preview."""
