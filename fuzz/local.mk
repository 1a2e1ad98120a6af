# Coverage-guided fuzz targets (libFuzzer, clang): see fuzz/README.md.
# `make fuzz` builds them; fuzz/run-ci.sh runs each for a bounded time.
