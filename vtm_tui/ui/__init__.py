"""The Textual shell over the engine, the model and the store."""
