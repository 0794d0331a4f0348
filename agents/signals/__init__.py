"""The signals pod: assess_event_timeline -> fetch_news -> estimate_probability -> calculate_divergence -> generate_signal."""
