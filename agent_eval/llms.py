"""Agent LLMs served by vLLM: a ``vllm serve`` endpoint (``OpenAILike``) or the local engine (``Vllm``).

Both paths apply one preset (:class:`~agent_eval.config.LLMPreset`) the same way:

- the per-run seed reaches vLLM with every request (``additional_kwargs["seed"]`` for the endpoint,
  ``SamplingParams(seed=...)`` for the local engine), so a seed makes a run's samples reproducible;
- thinking modes are off: ``chat_template_kwargs`` go to the model's chat template (``extra_body`` for
  the endpoint, ``apply_chat_template`` for the local engine), plus an optional system-prompt directive;
- the stop sequence (``Observation:``) ends a step before the model invents a tool result, and a
  reply that still contains one is cut there (a server may ignore ``stop``);
- adjacent messages of one role can be merged (LlamaIndex's malformed-step retry sends two user turns
  in a row, which strictly alternating chat templates reject);
- ``<think>`` blocks are dropped from replies.

The chat-template formatter, the ``<think>`` stripping and the in-process ``Vllm`` base are the
package's one LLM factory (:mod:`llama_index_libra.llms`); this module adds the preset's handling.
vLLM itself is imported only when the local engine is built, with a clear error when it is missing;
the LlamaIndex LLM integrations are the ``[llm]`` extra.
"""

from __future__ import annotations

import asyncio
import importlib.util
import queue
import threading
from typing import TYPE_CHECKING, Any, Sequence

from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.llms.callbacks import llm_chat_callback

from .config import ConfigError, LLMPreset
from llama_index_libra.llms import ChatTemplatePrompt, llm_integration, strip_reasoning, vllm_class

OpenAILike = llm_integration("llama_index.llms.openai_like").OpenAILike

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.llms import LLM

__all__ = [
    "BACKENDS",
    "LLMBackendError",
    "ChatTemplatePrompt",
    "EngineBatcher",
    "LocalVllm",
    "VllmServerLLM",
    "build_llm",
    "clean_reply",
    "prepare_messages",
]

BACKENDS = ("server", "local")
# Arguments of ``Vllm.__init__`` that a preset may give inside ``vllm_kwargs``.
_VLLM_INIT_ARGS = ("tensor_parallel_size", "trust_remote_code", "dtype", "download_dir")


class LLMBackendError(RuntimeError):
    """An agent LLM that cannot be built (missing vLLM, no endpoint, unknown backend)."""


# --------------------------------------------------------------------------- message handling


def prepare_messages(
    messages: Sequence[ChatMessage], *, system_suffix: str = "", merge_consecutive_roles: bool = False
) -> list[ChatMessage]:
    """The messages as the model should see them: optional role merging and system directive.

    Only text is kept (the ReAct agent sends text only). ``system_suffix`` becomes the last line of
    the system message (a system message is added when there is none).
    """
    out: list[ChatMessage] = []
    for message in messages:
        text = message.content or ""
        if merge_consecutive_roles and out and out[-1].role == message.role:
            out[-1] = ChatMessage(role=message.role, content=f"{out[-1].content or ''}\n\n{text}")
        else:
            out.append(ChatMessage(role=message.role, content=text))
    if system_suffix:
        if out and out[0].role == MessageRole.SYSTEM:
            out[0] = ChatMessage(role=MessageRole.SYSTEM, content=f"{out[0].content or ''}\n{system_suffix}")
        else:
            out.insert(0, ChatMessage(role=MessageRole.SYSTEM, content=system_suffix))
    return out


def clean_reply(text: str | None, *, strip_think: bool = True, stop: Sequence[str] = ()) -> str:
    """A reply without ``<think>`` blocks and cut at the first stop sequence."""
    text = text or ""
    if strip_think:
        text = strip_reasoning(text)
    for s in stop:
        if s:
            idx = text.find(s)
            if idx >= 0:
                text = text[:idx]
    return text.strip()


def _cleaned(response: ChatResponse, *, strip_think: bool, stop: Sequence[str]) -> ChatResponse:
    message = ChatMessage(
        role=MessageRole.ASSISTANT,
        content=clean_reply(response.message.content, strip_think=strip_think, stop=stop),
        additional_kwargs=dict(response.message.additional_kwargs),
    )
    return ChatResponse(message=message, raw=response.raw, additional_kwargs=dict(response.additional_kwargs))


# --------------------------------------------------------------------------- vllm serve


class VllmServerLLM(OpenAILike):
    """``OpenAILike`` for a ``vllm serve`` endpoint, with the preset's message and reply handling.

    Sampling extras (``seed``, ``stop``, ``top_p``, ``extra_body`` with ``top_k`` and
    ``chat_template_kwargs``) travel in ``additional_kwargs``, which ``OpenAI._get_model_kwargs``
    merges into every ``chat.completions.create`` request.
    """

    system_suffix: str = Field(default="", description="Appended as the last line of the system message.")
    merge_consecutive_roles: bool = Field(default=False, description="Join adjacent messages of one role.")
    strip_think: bool = Field(default=True, description="Drop <think> blocks from replies.")

    @classmethod
    def class_name(cls) -> str:
        return "VllmServerLLM"

    def _prepare(self, messages: Sequence[ChatMessage]) -> list[ChatMessage]:
        return prepare_messages(messages, system_suffix=self.system_suffix, merge_consecutive_roles=self.merge_consecutive_roles)

    def _stops(self) -> list[str]:
        stop = self.additional_kwargs.get("stop") or []
        return [stop] if isinstance(stop, str) else list(stop)

    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        response = super().chat(self._prepare(messages), **kwargs)
        return _cleaned(response, strip_think=self.strip_think, stop=self._stops())

    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        response = await super().achat(self._prepare(messages), **kwargs)
        return _cleaned(response, strip_think=self.strip_think, stop=self._stops())


def server_llm(
    preset: LLMPreset,
    *,
    api_base: str,
    seed: int | None,
    served_model_name: str | None = None,
    request_timeout: float = 300.0,
    max_retries: int = 3,
) -> VllmServerLLM:
    """A chat LLM for a ``vllm serve`` endpoint configured by ``preset`` and ``seed``."""
    extra_body: dict[str, Any] = {}
    if preset.top_k is not None:
        extra_body["top_k"] = preset.top_k
    if preset.chat_template_kwargs:
        extra_body["chat_template_kwargs"] = dict(preset.chat_template_kwargs)
    extra_body.update(dict(preset.extra_body))
    additional: dict[str, Any] = {"top_p": preset.top_p, "stop": list(preset.stop)}
    if seed is not None:
        additional["seed"] = int(seed)
    if extra_body:
        additional["extra_body"] = extra_body
    return VllmServerLLM(
        model=served_model_name or preset.model,
        api_base=api_base,
        api_key="EMPTY",
        is_chat_model=True,
        is_function_calling_model=False,
        context_window=preset.context_window,
        max_tokens=preset.max_tokens,
        temperature=preset.temperature,
        additional_kwargs=additional,
        timeout=request_timeout,
        max_retries=max_retries,
        system_suffix=preset.system_suffix,
        merge_consecutive_roles=preset.merge_consecutive_roles,
        strip_think=preset.strip_think,
    )


# --------------------------------------------------------------------------- local engine


class EngineBatcher:
    """Batches concurrent requests into ``vllm.LLM.generate`` calls on one worker thread.

    ``vllm.LLM`` is synchronous and not thread-safe; agents run as concurrent asyncio tasks. Each
    request waits on a future while a single thread drains the queue into one ``generate`` call per
    batch (one ``SamplingParams`` per prompt), so concurrency turns into GPU batch size.
    """

    def __init__(self, engine: Any, max_batch: int = 256) -> None:
        self._engine = engine
        self._max_batch = max_batch
        self._queue: "queue.SimpleQueue[tuple[str, Any, asyncio.AbstractEventLoop, asyncio.Future]]" = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.batch_sizes: list[int] = []

    async def generate(self, prompt: str, params: Any) -> tuple[str, int, int]:
        """(text, prompt tokens, completion tokens) of one prompt."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()
        self._queue.put((prompt, params, loop, future))
        self._ensure_worker()
        return await future

    def _ensure_worker(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="vllm-engine-batcher", daemon=True)
                self._thread.start()

    @staticmethod
    def _deliver(future: asyncio.Future, result: Any = None, error: BaseException | None = None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def _work(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < self._max_batch:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            self.batch_sizes.append(len(batch))
            try:
                outputs = self._engine.generate([b[0] for b in batch], [b[1] for b in batch], use_tqdm=False)
            except Exception as exc:  # noqa: BLE001 - every waiting request gets the engine's error
                for _, _, loop, future in batch:
                    loop.call_soon_threadsafe(self._deliver, future, None, exc)
                continue
            for (_, _, loop, future), output in zip(batch, outputs):
                completion = output.outputs[0]
                result = (completion.text, len(output.prompt_token_ids or ()), len(completion.token_ids or ()))
                loop.call_soon_threadsafe(self._deliver, future, result, None)


class LocalVllm(vllm_class()):  # type: ignore[misc]
    """The package's ``Vllm`` (:func:`llama_index_libra.llms.vllm_class`) with a seed, the model's chat
    template and batched async calls.

    Build one per model and share its engine across seeds with :meth:`with_seed`. No streaming
    (``Vllm`` has none): agents must use ``streaming=False``.
    """

    seed: int | None = Field(default=None, description="Sampling seed sent with every request.")
    system_suffix: str = Field(default="", description="Appended as the last line of the system message.")
    merge_consecutive_roles: bool = Field(default=False, description="Join adjacent messages of one role.")
    strip_think: bool = Field(default=True, description="Drop <think> blocks from replies.")
    _batcher: Any = PrivateAttr(default=None)

    def __init__(
        self,
        *,
        seed: int | None = None,
        chat_template_kwargs: dict[str, Any] | None = None,
        system_suffix: str = "",
        merge_consecutive_roles: bool = False,
        strip_think: bool = True,
        max_batch: int = 256,
        **kwargs: Any,
    ) -> None:
        template = ChatTemplatePrompt(chat_template_kwargs)
        super().__init__(messages_to_prompt=template, **kwargs)
        template.tokenizer = self._client.get_tokenizer()
        self.seed = seed
        self.system_suffix = system_suffix
        self.merge_consecutive_roles = merge_consecutive_roles
        self.strip_think = strip_think
        self._batcher = EngineBatcher(self._client, max_batch=max_batch)

    @classmethod
    def class_name(cls) -> str:
        return "LocalVllm"

    def with_seed(self, seed: int | None) -> "LocalVllm":
        """A copy that shares this engine (and its batcher) but samples with ``seed``."""
        return self.model_copy(update={"seed": seed})

    @property
    def _model_kwargs(self) -> dict[str, Any]:
        kwargs = dict(super()._model_kwargs)  # None-valued settings already dropped (newer vLLM rejects them)
        if self.seed is not None:
            kwargs["seed"] = int(self.seed)
        return kwargs

    def _prompt(self, messages: Sequence[ChatMessage]) -> str:
        prepared = prepare_messages(messages, system_suffix=self.system_suffix, merge_consecutive_roles=self.merge_consecutive_roles)
        return self.messages_to_prompt(prepared)

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        response = self.complete(self._prompt(messages), formatted=True, **kwargs)
        reply = ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=response.text))
        return _cleaned(reply, strip_think=self.strip_think, stop=self.stop or ())

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        from vllm import SamplingParams

        params = SamplingParams(**{**self._model_kwargs, **kwargs})
        text, n_prompt, n_completion = await self._batcher.generate(self._prompt(messages), params)
        reply = ChatResponse(
            message=ChatMessage(role=MessageRole.ASSISTANT, content=text),
            additional_kwargs={"prompt_tokens": n_prompt, "completion_tokens": n_completion},
        )
        return _cleaned(reply, strip_think=self.strip_think, stop=self.stop or ())


def local_llm(preset: LLMPreset, *, seed: int | None = None) -> LocalVllm:
    """A local vLLM engine for ``preset`` (loads the model: call once per model, then ``with_seed``)."""
    if importlib.util.find_spec("vllm") is None:
        raise LLMBackendError(
            "the local engine needs vLLM, which is not installed: `pip install vllm` on a CUDA machine, "
            "or serve the model with `vllm serve` and use --backend server --api-base URL"
        )
    vllm_kwargs = dict(preset.vllm_kwargs)
    init = {k: vllm_kwargs.pop(k) for k in _VLLM_INIT_ARGS if k in vllm_kwargs}
    return LocalVllm(
        model=preset.model,
        temperature=preset.temperature,
        top_p=preset.top_p,
        top_k=preset.top_k if preset.top_k is not None else -1,
        stop=list(preset.stop),
        max_new_tokens=preset.max_tokens,
        vllm_kwargs=vllm_kwargs,
        is_chat_model=True,
        seed=seed,
        chat_template_kwargs=dict(preset.chat_template_kwargs),
        system_suffix=preset.system_suffix,
        merge_consecutive_roles=preset.merge_consecutive_roles,
        strip_think=preset.strip_think,
        **init,
    )


def build_llm(
    preset: LLMPreset,
    *,
    backend: str,
    seed: int | None,
    api_base: str | None = None,
    served_model_name: str | None = None,
    request_timeout: float = 300.0,
    engines: dict[str, LocalVllm] | None = None,
) -> "LLM":
    """The agent LLM of ``preset`` for one seed.

    ``backend="server"`` talks to ``api_base`` (a ``vllm serve`` endpoint, ``.../v1``);
    ``backend="local"`` loads the model in this process once per preset (cached in ``engines``) and
    shares it across seeds.
    """
    if backend == "server":
        if not api_base:
            raise LLMBackendError(f"--backend server needs --api-base (the `vllm serve` URL, e.g. http://localhost:8000/v1) for {preset.name}")
        return server_llm(preset, api_base=api_base, seed=seed, served_model_name=served_model_name, request_timeout=request_timeout)
    if backend == "local":
        cache = engines if engines is not None else {}
        if preset.name not in cache:
            cache[preset.name] = local_llm(preset)
        return cache[preset.name].with_seed(seed)
    raise ConfigError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
