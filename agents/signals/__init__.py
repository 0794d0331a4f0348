"""The signals pod: fetch_news -> estimate_probability -> calculate_divergence -> generate_signal."""
