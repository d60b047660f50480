"""Writing what pokerdb stored out in the formats of other tools (PHH hand histories)."""
