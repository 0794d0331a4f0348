"""The model agent: a LangGraph tool loop whose one tool is `submit_decision(Decision)`."""
