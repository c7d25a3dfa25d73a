"""Shared test support: paths, offline fakes (hash embedding, synthetic catalog, scripted LLMs, a fake
OpenAI-compatible server), fault-injecting and sandbox tools, and the file fuzzers."""
