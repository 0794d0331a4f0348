"""The words that never name a player on their own: English function words and the league's own
vocabulary (positions, categories, days, slang such as "boards", "dimes", "homie"), and the ends of
folded contractions ("t", "s", "m"). Read by the player and category slots (agents/offline/slots.py,
agents/offline/category_slots.py) and the unknown-name and surname reads (agents/offline/nlu.py,
agents/offline/constraints.py).
"""
from __future__ import annotations

COMMON_WORDS = set("""a about above after again against all am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further had has
have having he her here hers him his how i if in into is it its just me more most my no nor not now of off
on once only or other our out over own same she should so some such than that the their them then there these
they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours team week player players game games lineup start sit bench stream add drop pick
week's today tomorrow tonight night day days rest left hold trade waiver waivers free agent agents matchup
opponent points point category categories help review optimize best worst good bad better value lately
recent form last status injury injured hurt news steals assists blocks rebounds threes turnovers guard
forward center big wing should who which whom thanks thank hello hey hi played playing plays look looks
season average averages numbers stats give tell show much many more less winning losing win lose up
thursday friday saturday sunday monday tuesday wednesday ok okay please need want like get got one two three
four five six seven eight nine ten eleven twelve active healthy someone anyone somebody sure yes yeah nope
long term short keep cut release swap move moves destroy without roster spot spots listed hot cold streaming
ahead behind chances odds injuries minutes role usage first second next previous pg sg sf pf c g f util
right find sits sitting starting benching left available around smart green white brown love house young
king holiday bridges early banks wood sharp strong christmas martin price gay bates reaves grant
small power shooting guards forwards centers bigs men man line spread total over under bet odds pod edge
edges signals market win wire claim stash ir dtd gtd probable questionable doubtful slate lock dudes guys
squad cats cat boards dimes board trey treys swipes rejections buckets ball court floor week weekend
t s m re ve ll d punt punts punting punted pulling pullin putting getting grabbing hitting shooting cooking
doing looking lookin playin going balling struggling ok though heard buddy buddies pal homie bro dude man guy
theirs ours
""".split())  # "t", "s", "m": the ends of "doesn't", "he's", "I'm" once folded, never a player
