"""The HTTP API (FastAPI on uvicorn): the agents behind `agents.door`, for any client."""
