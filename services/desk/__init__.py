"""The market desk's state and arithmetic: requests and decisions (models), the two calculators
and their verification (calc), the book of quotes, positions, exposure and the calculation log
(book), and the counter-offer checks (counters). No LangChain, no Streamlit, no clock inside.
"""
