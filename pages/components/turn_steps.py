"""The steps of a turn, a mixin of `pages.components.turn.TurnView`: one expandable step per tool
(name in plain words, arguments, result summary, duration, red when it failed), drawn running
then finished live or once finished from history, the game-log chart a tool's result carries
(behind a button in a past turn), the optimizer's progress line and the graph's node steps
(a node that runs again is numbered by pass).
"""
from __future__ import annotations

import streamlit as st

from agents.door import StepEvent, TextEvent, ToolEnd, ToolStart
from pages.components import charts
from pages.components.labels import duration_text, node_label, parse_result, result_summary, step_label
from pages.components.safe_text import no_images
from pages.components.settled import settled

CHARTS_SHOWN = "chat_charts_shown"  # (thread, chart key) of past turns' charts the user opened


def _show_chart(thread_id: str, key: str) -> None:
    st.session_state[CHARTS_SHOWN] = (*st.session_state.get(CHARTS_SHOWN, ()), (thread_id, key))


class StepsView:
    """Draws a turn's tool and node steps (`self.steps`, `self.charts`, `self.progress`: TurnView's)."""

    def _on_tool_start(self, e: ToolStart | ToolEnd) -> None:
        if e.node:  # an optimizer node: its step event draws it
            return
        with self.steps:
            status = st.status(step_label(e.name, e.args), state="running")
            with status:
                st.caption(f"Tool `{e.name}`")
                if e.args:
                    st.json(e.args, expanded=False)
        self.open_steps[e.id] = (status, e.args)

    def _on_tool_end(self, e: ToolEnd) -> None:
        if e.node:
            return
        if e.id not in self.open_steps:  # a step from history, or an end without a start: drawn finished
            self._draw_finished_tool(e)
            return
        status, args = self.open_steps.pop(e.id)
        with status:
            summary = e.summary or result_summary(e.result) or ("Done." if e.ok else "The tool failed.")
            (st.markdown if e.ok else st.error)(no_images(summary))
        status.update(label=step_label(e.name, args, e.ms, e.ok),
                      state="complete" if e.ok else "error", expanded=False)
        if e.ok and e.name == "get_player_game_log":
            self._chart_game_log(e.result)

    def _draw_finished_tool(self, e: ToolEnd) -> None:
        """A tool step drawn once in its final state (no running phase, no pause: `settled`)."""
        with self.steps, settled():
            status = st.status(step_label(e.name, e.args, e.ms, e.ok), state="complete" if e.ok else "error",
                               expanded=False)
            with status:
                st.caption(f"Tool `{e.name}`")
                if e.args:
                    st.json(e.args, expanded=False)
                summary = e.summary or result_summary(e.result) or ("Done." if e.ok else "The tool failed.")
                (st.markdown if e.ok else st.error)(no_images(summary))
        if e.ok and e.name == "get_player_game_log":
            self._chart_game_log(e.result)

    def _chart_game_log(self, result) -> None:
        key = f"{self.key_prefix}_gamelog_{self.n_charts + 1}"
        if self.lazy_charts and (self.thread_id, key) not in st.session_state.get(CHARTS_SHOWN, ()):
            # A past turn's chart costs the browser about 150 ms of CPU per reload (plotly.js parsed,
            # the figure laid out): drawn when asked for; the live turn draws its chart at once.
            self.n_charts += 1
            self.charts.button("Show the game-log chart", key=f"{key}_show", icon=":material/bar_chart:",
                               type="tertiary", on_click=_show_chart, args=(self.thread_id, key))
            return
        log = parse_result(result)
        fig = charts.game_log_figure(log, scoring=self.scoring) if isinstance(log, dict) else None
        if fig is not None:
            self.n_charts += 1
            self.charts.plotly_chart(fig, key=key, config={"displayModeBar": False})

    def _on_progress(self, e: TextEvent) -> None:
        self.progress.caption(f":material/hourglass_top: {no_images(e.text)}")

    @staticmethod
    def _step_label(e: StepEvent, n: int | None) -> str:
        game = f" · {e.game}" if e.game else ""  # a pod step names its game, not "pass 7"
        label = f"{e.graph or 'Optimizer'}{game} · {node_label(e.node)}" + (f" · pass {n}" if n else "")
        return label + (f" · {duration_text(e.ms)}" if e.ms is not None else "")

    def _on_step(self, e: StepEvent) -> None:
        passes = self.node_passes.setdefault((e.game_id, e.node), [])  # passes count per game
        n = len(passes) + 1
        with self.steps, settled():  # a node step arrives complete: nothing to wait for
            status = st.status(self._step_label(e, n if n > 1 else None), state="complete")
            with status:
                st.markdown(no_images(e.text))
            passes.append((status, e))
            if n == 2:  # the node ran again (a relaxed pass): the first run gets its number too
                first, first_event = passes[0]
                first.update(label=self._step_label(first_event, 1))
