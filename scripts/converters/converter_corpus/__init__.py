"""The converter corpus generator behind scripts/converters/make_corpus.py (whose docstring documents it).

base (paths, registry, lazy TensorFlow), model_io (flatbuffers), tf_models (converters, Keras, the shared
float CNN), reference and writer (Python LiteRT references, case folders), sequence_steps (stateful steps),
the cases_* modules (builders, registered in import order by cli), tflite_metadata and cli (main).
"""
